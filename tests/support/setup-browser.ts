import type { TestProject } from 'vitest/node'
import { findChromium } from './find-chromium'
import { oncePerRun } from './once-per-run'
import { openDatabase } from '../../db/client'
import { createSchool } from '../../server/domain/schools/create-school'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { seedDemoPortalFamilies } from '../../server/domain/setup/demo/demo-portal-families'
import { seedDemoSchool } from '../../server/domain/setup/demo/seed-demo-school'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium the browser tests launch, or null when none starts here (the tests are skipped). */
    chromiumPath: string | null
    /** The demo school every browser test may read (tests/support/demo-school.ts). */
    demoSchoolId: string
  }
}

const chosenChromium = () => oncePerRun('chromium', () => findChromium())

/** One demo school for the browser tests, seeded once per run on the fresh database the server uses. */
const sharedDemoSchool = () => oncePerRun('demo school', async () => {
  const database = openDatabase()
  try {
    const { id } = await createSchool(database, { name: 'Demo College', timeZone: 'Australia/Sydney' })
    const school = await requireSchool(database, id)
    await seedDemoSchool(systemContext(database, school, 'demo'))
    await seedDemoPortalFamilies(systemContext(database, school, 'demo'))
    return id
  } finally {
    await database.close()
  }
})

/** Global setup of the browser project: finds a Chromium that starts, once per run. */
export async function setup(project: TestProject) {
  const choice = await chosenChromium()
  project.provide('chromiumPath', choice.executablePath)
  project.provide('demoSchoolId', await sharedDemoSchool())
  const unusable = choice.failures.find(failure => failure.name.startsWith('CHROMIUM_PATH='))
  if (choice.executablePath && unusable) {
    console.warn(`${unusable.name} did not start (${unusable.reason}); the browser tests use ${choice.executablePath}`)
  }
}

/** Says, as the run's last line, that the browser tests were skipped and how to run them. */
export async function teardown() {
  const choice = await chosenChromium()
  if (choice.executablePath) return
  const tried = choice.failures.map(failure => `${failure.name}: ${failure.reason.slice(0, 120)}`).join('; ')
  console.warn(
    `\u001B[1;33mBROWSER TESTS SKIPPED: no Chromium starts here (${tried || 'none to try'}). To run them: apt-get install chromium (or set CHROMIUM_PATH to a Chromium), then npm test -- --project browser\u001B[0m`
  )
}
