import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays, startOfDayInZone } from '../../../../server/domain/days/calendar'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { startBuiltServer, type RunningServer } from '../../../support/server-process'
import { addPeopleWithSpans } from '../../../support/roles-fixtures'

/**
 * `state=open` means in force today in the school's zone, so the answer turns over at the school's
 * midnight, not UTC's. Each server here runs with its clock moved to two minutes before or after
 * midnight at the end of day X in one zone: Auckland is ahead of UTC, Los Angeles behind it.
 */
describe.each(['Pacific/Auckland', 'America/Los_Angeles'])('state=open around local midnight in %s', (timeZone) => {
  // A day ten days ahead, so the moved clock never crosses a token's expiry or today's real midnight.
  const dayX = addDays(todayInZone(timeZone), 10)
  const midnightAfterX = startOfDayInZone(addDays(dayX, 1), timeZone).getTime()
  const servers: Record<'before' | 'after', RunningServer | undefined> = { before: undefined, after: undefined }
  let token: string
  let person: Record<string, string>

  beforeAll(async () => {
    const school = await newSchool({ timeZone })
    token = await school.token(['affiliation.read'])
    const spans = {
      startsOnX: { validFrom: dayX },
      endsOnX: { validFrom: '2020-01-28', validTo: dayX },
      onlyX: { validFrom: dayX, validTo: dayX },
      startsAfterX: { validFrom: addDays(dayX, 1) },
      endedBeforeX: { validFrom: '2020-01-28', validTo: addDays(dayX, -1) }
    }
    const names = Object.keys(spans) as (keyof typeof spans)[]
    const ids = await addPeopleWithSpans(school, names.map(name => ({ familyName: name, givenNames: 'Span', spans: [spans[name]] })))
    person = Object.fromEntries(names.map((name, i) => [ids[i]!, name]))
    // Each offset is fixed as the server starts; two minutes leaves room for starting and asking.
    const [before, after] = await Promise.all([
      startBuiltServer({ ROLLBOOK_CLOCK_OFFSET_MS: String(midnightAfterX - 120_000 - Date.now()) }),
      startBuiltServer({ ROLLBOOK_CLOCK_OFFSET_MS: String(midnightAfterX + 120_000 - Date.now()) })
    ])
    servers.before = before
    servers.after = after
  })

  afterAll(async () => {
    await Promise.all([servers.before?.stop(), servers.after?.stop()])
  })

  const openSpans = async (side: 'before' | 'after') => {
    const answer = await callApi('/api/v1/affiliations?state=open', { token, baseUrl: servers[side]!.url })
    expect(answer.status).toBe(200)
    return answer.body.items.map((item: any) => person[item.personId]).sort()
  }

  it('just before midnight ending day X: spans starting on X, ending on X, or only on X are open', async () => {
    expect(await openSpans('before')).toEqual(['endsOnX', 'onlyX', 'startsOnX'])
  })

  it('just after that midnight: the day after X has begun, so spans ending on X have closed', async () => {
    expect(await openSpans('after')).toEqual(['startsAfterX', 'startsOnX'])
  })
})
