import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import { createApp, createRouter, getRequestHeader, toNodeListener, type RouterMethod } from 'h3'
import { migrateDatabase } from '../../db/migrate'
import { requireSchool } from '../../server/domain/schools/find-school'
import type { Scope } from '../../server/domain/access/catalogue'
import { startDatabase } from '../../server/utils/database'
import { sendErrorEnvelope } from '../../server/utils/error-envelope'
import { apiError } from '../../server/utils/errors'
import type { Surface } from '../../server/utils/principal'
import type { DeclaredRoute } from '../../server/utils/route-pipeline'
import { loadServerSecrets } from '../../server/utils/server-secrets'

/** The header naming a caller of the test surface, as a session cookie will name a session. */
export const testCallerHeader = 'x-test-caller'

const callers = new Map<string, { accountId: string, schoolId: string, capabilities: Scope[] }>()

/** Makes a caller of the test surface at a school; the header value that names it comes back. */
export function addTestCaller(schoolId: string, capabilities: Scope[]): string {
  const name = randomUUID()
  callers.set(name, { accountId: `acc_${name.replaceAll('-', '')}`, schoolId, capabilities })
  return name
}

/**
 * A second surface, standing in for `/api/app` until sign-in lands: a surface is a name and an
 * identify step, nothing else. Like a real one it reads the caller's school afresh on every
 * request, so a change to the school's settings or modules shows at once.
 */
export const testSurface: Surface = {
  name: 'test',
  identify: async (event, database) => {
    const caller = callers.get(getRequestHeader(event, testCallerHeader) ?? '')
    if (!caller) throw apiError('unauthenticated', ['Name a caller the test surface knows.'])
    return {
      actor: { kind: 'staff', accountId: caller.accountId },
      school: await requireSchool(database, caller.schoolId),
      capabilities: new Set(caller.capabilities),
      limitKey: `test ${caller.accountId}`
    }
  }
}

/**
 * Starts the pipeline's database in this process as the server's plugin does (migrated, secrets
 * loaded), so routes run here on the data the built server uses; closed after the file.
 */
export async function startPipelineDatabase() {
  const database = await startDatabase(async (opened) => {
    await migrateDatabase(opened)
    await loadServerSecrets(opened)
  })
  afterAll(() => database.close())
  return database
}

/**
 * Serves routes from a bare h3 app on a loopback port, failures answered by the same envelope
 * Nitro's error handler sends; stopped after the file. Returns the base URL.
 */
export async function serveRoutes(routes: { method: RouterMethod, path: string, handler: DeclaredRoute }[]): Promise<string> {
  const router = createRouter()
  for (const route of routes) router.use(route.path, route.handler, route.method)
  const app = createApp({ onError: sendErrorEnvelope })
  app.use(router)
  const server = createServer(toNodeListener(app))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
