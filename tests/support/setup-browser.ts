import type { TestProject } from 'vitest/node'
import { findChromium } from './find-chromium'
import { oncePerRun } from './once-per-run'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium the browser tests launch, or null when none starts here (the tests are skipped). */
    chromiumPath: string | null
  }
}

const chosenChromium = () => oncePerRun('chromium', () => findChromium())

/** Global setup of the browser project: finds a Chromium that starts, once per run. */
export async function setup(project: TestProject) {
  const choice = await chosenChromium()
  project.provide('chromiumPath', choice.executablePath)
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
  console.warn(`\u001B[1;33mBROWSER TESTS SKIPPED: no Chromium starts here (${tried || 'none to try'}). To run them: apt-get install chromium (or set CHROMIUM_PATH to a Chromium), then npm test -- --project browser\u001B[0m`)
}
