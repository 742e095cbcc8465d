/**
 * The data check's row of `npm run bench` (issue 40): the office's progress of a whole-school data check, per class, as
 * its screen asks for it (a page of 50 classes; composables/useDataChecks.ts), with an administrator's session, over
 * the demo school's 2,000 students and their carers. Target: p50 under 100 ms.
 */
import { appCall } from './app-call'
import type { Scenario } from './scenarios'

export const dataCheckRows: Scenario[] = [
  {
    name: 'data-check-progress', path: '/api/app/data-checks/{dataCheckId}/progress?limit=50', session: true, p50TargetMs: 100, p99TargetMs: Infinity,
    check: (body: any) => Array.isArray(body?.items) && body.items.length > 10 && body.items.every((item: any) => typeof item.waiting === 'number')
      ? undefined
      : 'expected the classes of the whole school, each with its waiting adults'
  }
]

/** Starts a whole-school data check as the office would; answers its id (`dataCheckId` for the row's path) and how many adults it asks. */
export async function prepareDataCheck(serverUrl: string, cookie: string) {
  const closesOn = `${new Date().getUTCFullYear() + 1}-06-30`
  const check = await appCall(serverUrl, cookie, '/api/app/data-checks', { audience: 'school', closesOn })
  return { dataCheckId: check.id as string, dataCheckAdults: check.counts.adults as number }
}
