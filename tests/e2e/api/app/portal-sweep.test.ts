import { beforeAll, describe, expect, it } from 'vitest'
import { showsChild, standingOf } from '../../../../server/domain/access/standing'
import { seedDemoPortalFamilies } from '../../../../server/domain/setup/demo/demo-portal-families'
import { todayInZone } from '../../../../server/domain/shared/clock'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import type { StandingPurpose } from '../../../../shared/vocabulary'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** Every portal route that takes a child, with the purpose standing must grant for it. */
const childRoutes: { path: (childId: string) => string, purpose: StandingPurpose }[] = [
  { path: id => `/api/app/portal/children/${id}`, purpose: 'details' },
  { path: id => `/api/app/portal/children/${id}/payers`, purpose: 'billing' }
]

/** Every list the portal gives, with the purpose a child in it needs, and where the answer names its children. */
const lists: { path: string, purpose: StandingPurpose, children: (body: any) => string[] }[] = [
  { path: '/api/app/portal', purpose: 'details', children: body => body.children.map((child: { id: string }) => child.id) },
  { path: '/api/app/portal/payers', purpose: 'billing', children: body => body.children.map((entry: { child: { id: string } }) => entry.child.id) },
  { path: '/api/app/portal/data/download', purpose: 'details', children: body => body.children.map((child: { id: string }) => child.id) }
]

const withoutTrace = (answer: ApiAnswer) => ({ ...answer.body, data: { ...answer.body.data, traceId: undefined } })

/*
 * The sweep: every adult of a school whose families cover every case of standing (shared responsibility,
 * a court order, a protection flag, an ended responsibility, a member of staff who is a parent), in the
 * test families and in the demo school's, calls every portal route for every child, and each answer is
 * checked against standing's verdict for the route's purpose on the day (showsChild: the purpose and
 * `details`, since every answer names the child): granted is the child; withheld is one body, whoever
 * asks about whom; a list never names a child standing withholds.
 */
/** A school's adults, each with a portal session, and the children the sweep asks about. */
interface Swept { school: School, today: string, adults: string[], children: string[], cookies: Map<string, string> }

/** The test families (seedPortalFamilies: a separated parent who pays a share, a guardian after an ended carer). */
async function testFamilies(): Promise<Swept> {
  const school = await newSchool({ name: 'Portal Sweep School' })
  const families = await seedPortalFamilies(school)
  const adults = [families.mother, families.father, families.resident, families.separated, families.safe, families.unsafe, families.former, families.guardian, families.staffParent]
  const staffEmail = uniqueEmail('staff-parent')
  await addStaffAccount(school.context, { email: staffEmail, role: 'teacher', personId: families.staffParent })
  const cookies = new Map<string, string>()
  for (const adult of adults) cookies.set(adult, (await familySession(school, adult, adult === families.staffParent ? { email: staffEmail } : {})).cookie)
  return { school, today: families.today, adults, children: [families.aroha, families.tama, families.mere, families.rua, families.wiremu], cookies }
}

/** The demo school's portal families (demo-portal-families.ts), who already hold family access. */
async function demoFamilies(): Promise<Swept> {
  const school = await newSchool({ name: 'Portal Sweep Demo' })
  const families = await seedDemoPortalFamilies(school.context)
  const adults = [...families.shared.adults, families.separated.resident, families.separated.restrained, families.protectedChild.safe, families.protectedChild.other, families.endedCarer.ended, families.endedCarer.parent, families.staffParent.adult]
  const cookies = new Map<string, string>()
  for (const adult of adults) cookies.set(adult, (await familySession(school, adult)).cookie)
  return { school, today: todayInZone(school.school.timeZone), adults, children: [...families.shared.children, families.separated.child, families.protectedChild.child, families.endedCarer.child, families.staffParent.child], cookies }
}

describe.each([['the test families', testFamilies], ['the demo\'s portal families', demoFamilies]])('the portal sweep over %s: every adult, every child, every route, against standing', (_, seed) => {
  let school: School
  let families: { today: string }
  let adults: string[], children: string[]
  let cookies: Map<string, string>

  beforeAll(async () => {
    const swept = await seed()
    ;({ school, adults, children, cookies } = swept)
    families = { today: swept.today }
  })

  it('answers every adult about every child as standing decides, with one refusal body for every withheld case', async () => {
    const refusals: unknown[] = []
    let granted = 0
    for (const adult of adults) {
      for (const child of [...children, 'per_unknownchild000000000']) {
        const standing = await standingOf(school, adult, child, families.today)
        for (const route of childRoutes) {
          const answer = await callApi(route.path(child), { headers: { cookie: cookies.get(adult)! } })
          if (showsChild(standing, route.purpose)) {
            expect(answer.status, `${adult} ${route.path(child)}`).toBe(200)
            expect(answer.body.child.id).toBe(child)
            granted++
          } else {
            expectEnvelope(answer, 403, 'standing_withheld')
            refusals.push(withoutTrace(answer))
          }
        }
      }
    }
    expect(granted).toBeGreaterThan(0)
    expect(refusals.length).toBeGreaterThan(adults.length)
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0])
  })

  it('names in each list exactly the children standing grants, and never a withheld one', async () => {
    for (const adult of adults) {
      for (const list of lists) {
        const answer = await callApi(list.path, { headers: { cookie: cookies.get(adult)! } })
        expect(answer.status).toBe(200)
        const expected: string[] = []
        for (const child of children) if (showsChild(await standingOf(school, adult, child, families.today), list.purpose)) expected.push(child)
        expect(list.children(answer.body).sort(), `${adult} ${list.path}`).toEqual(expected.sort())
        const text = JSON.stringify(answer.body)
        for (const child of children.filter(id => !expected.includes(id))) expect(text).not.toContain(child)
      }
      const applications = await callApi('/api/app/portal/applications', { headers: { cookie: cookies.get(adult)! } })
      expect(applications.status).toBe(200)
      for (const child of children) {
        if (!showsChild(await standingOf(school, adult, child, families.today), 'applications')) expect(JSON.stringify(applications.body)).not.toContain(child)
      }
    }
  })

  it('covers every case: each purpose is both granted and withheld somewhere in the school', async () => {
    for (const purpose of ['details', 'billing'] as const) {
      const verdicts = new Set<boolean>()
      for (const adult of adults) for (const child of children) verdicts.add(showsChild(await standingOf(school, adult, child, families.today), purpose))
      expect([...verdicts].sort()).toEqual([false, true])
    }
  })
})
