/**
 * The consents rows of `npm run bench` (issue 24): the office's view of one ask's answers, per child in
 * name order, over an ask to every year group of the demo school (2,000 children), a quarter of whom
 * stand at yes, a quarter at no and a quarter at not yet with one adult's yes, typed in from paper
 * forms. Measured as the screen asks for it (50 a page, composables/useConsents.ts; target p50 under
 * 100 ms) and as a 1000-item page, with an administrator's session; and the page of those still to sign (issue 40,
 * `waiting=true`; target p50 under 100 ms).
 */
import { appCall } from './app-call'
import type { Scenario } from './scenarios'

const pageOfAnswers = (size: number) => (body: any) => Array.isArray(body?.items) && body.items.length === size && typeof body.nextCursor === 'string'
  && body.items.some((item: any) => item.status === 'yes') && body.items.some((item: any) => item.status === 'no')
  ? undefined
  : `expected a page of ${size} children with a nextCursor, some at yes and some at no`

export const consentAnswerRows: Scenario[] = [
  {
    name: 'consent-answers', path: '/api/app/consents/asks/{consentAskId}/answers?limit=50', check: pageOfAnswers(50), session: true,
    p50TargetMs: 100, p99TargetMs: Infinity
  },
  // Who is still to sign (issue 40): the children at not yet, half of the ask, found by reading on in name order.
  {
    name: 'consent-waiting', path: '/api/app/consents/asks/{consentAskId}/answers?limit=50&waiting=true', session: true,
    check: (body: any) => Array.isArray(body?.items) && body.items.length === 50 && body.items.every((item: any) => item.status === 'not_yet')
      ? undefined
      : 'expected a page of 50 children all at not yet',
    p50TargetMs: 100, p99TargetMs: Infinity
  },
  // No screen asks for 1,000 children at once: measured for scale, without a target of its own.
  {
    name: 'consent-answers-1000', path: '/api/app/consents/asks/{consentAskId}/answers?limit=1000', check: pageOfAnswers(1000), session: true,
    p99TargetMs: Infinity
  }
]

interface AnswerItem { child: { id: string }, adults: { adult: { id: string } }[] }

/** The paper answers of the `i`th child's adults: all yes, the first no, the first yes alone (still not yet), or none. */
function answersFor(item: AnswerItem, i: number) {
  const adults = item.adults.map(entry => entry.adult.id)
  switch (i % 4) {
    case 0: return adults.map(adultId => ({ adultId, answer: 'yes' }))
    case 1: return adults.slice(0, 1).map(adultId => ({ adultId, answer: 'no' }))
    case 2: return adults.length > 1 ? [{ adultId: adults[0]!, answer: 'yes' }] : []
    default: return []
  }
}

/**
 * Makes the purpose and the ask to every year group of the school and types in its paper answers, as the
 * office would; answers the ask's id (`consentAskId` for the rows' paths), its children and the answers.
 */
export async function prepareConsentAsk(serverUrl: string, cookie: string) {
  const { yearLevels } = await appCall(serverUrl, cookie, '/api/app/people/choices') as { yearLevels: string[] }
  const purpose = await appCall(serverUrl, cookie, '/api/app/consents/purposes', { name: 'Bench excursions', aboutNamedThing: true, lasting: 'each_occasion' })
  // Today in UTC is never after the school's today (its zone is ahead of UTC), so the answers are in force now.
  const today = new Date().toISOString().slice(0, 10)
  const ask = await appCall(serverUrl, cookie, '/api/app/consents/asks', {
    purposeId: purpose.id, subject: 'The whole school to the museum', audience: yearLevels.map(level => `year:${level}`),
    closesOn: `${Number(today.slice(0, 4)) + 1}-12-31`, answeredBy: 'every_adult'
  })
  const items: AnswerItem[] = []
  for (let cursor: string | null = ''; cursor !== null;) {
    const page = await appCall(serverUrl, cookie, `/api/app/consents/asks/${ask.id}/answers?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    items.push(...page.items)
    cursor = page.nextCursor
  }
  const forms = items.flatMap((item, i) => answersFor(item, i).map(answer => ({ childId: item.child.id, ...answer, day: today })))
  let next = 0
  const typist = async () => {
    while (next < forms.length) await appCall(serverUrl, cookie, `/api/app/consents/asks/${ask.id}/answers`, forms[next++])
  }
  await Promise.all(Array.from({ length: 4 }, typist))
  return { consentAskId: ask.id as string, consentChildren: ask.childCount as number, consentAnswers: forms.length }
}
