import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import { applyBillingSplit } from '../../server/domain/billing/set-billing-split'
import { insertConcession } from '../../server/domain/billing/concessions'
import { insertParentalResponsibility } from '../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../server/domain/people/person-record'
import { recordCourtOrder } from '../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../server/domain/restricted/protection-flags'
import { todayInZone } from '../../server/domain/days/clock'
import { addDays } from '../../server/domain/days/calendar'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { saveAcademicSession } from '../../server/domain/timetable/save-academic-session'
import type { newSchool } from './schools'
import { uniqueEmail } from './staff-sessions'

type TestSchool = Awaited<ReturnType<typeof newSchool>>

/**
 * A school's families covering every case of standing, on days relative to today in its zone:
 * - `shared`: Aroha, with her mother and father sharing responsibility (each pays half; a sibling concession);
 * - `separated`: Tama, whose resident parent sees all and whose separated parent a court order in force
 *   keeps from `details` and `contact`;
 * - `protected`: Mere, whose protection flag names her safe adult and not her other parent;
 * - `former`: Rua, whose carer's responsibility ended last month (her guardian holds it now);
 * - `staff`: Wiremu, whose parent is also a member of staff.
 * Every adult is on file as a carer, so each can be given family access. The two addresses are new in each school,
 * since accounts are one per address across schools and files seeding at once would race for a fixed one.
 */
export async function seedPortalFamilies(school: TestSchool, campusId: string | null = null) {
  const today = todayInZone(school.school.timeZone)
  const emails = { mother: uniqueEmail('hine'), father: uniqueEmail('rawiri') }
  const lastMonth = addDays(today, -31)
  const people = await writeChanges(school.context, async (tx, changes) => {
    const person = (familyName: string, givenNames: string, extra: { dateOfBirth?: string, email?: string, phone?: string } = {}) =>
      insertPerson(tx, changes, school.id, { familyName, givenNames, ...extra })
    const carer = (adultId: string, childId: string, validFrom = '2015-01-01', validTo: string | null = null) =>
      insertParentalResponsibility(tx, changes, school.school, { adultId, childId, relationship: 'parent', validFrom, validTo })
    const student = (personId: string) =>
      insertAffiliation(tx, changes, school.school, { personId, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId })
    const aroha = await person('Ngata', 'Aroha', { dateOfBirth: '2016-02-03', phone: '+61 400 000 001' })
    const mother = await person('Ngata', 'Hine', { email: emails.mother, phone: '+61 400 000 002' })
    const father = await person('Ngata', 'Rawiri', { email: emails.father, phone: '+61 400 000 003' })
    const tama = await person('Parata', 'Tama', { dateOfBirth: '2017-05-06' })
    const resident = await person('Parata', 'Kiri', { phone: '+61 400 000 004' })
    const separated = await person('Hohepa', 'Manaia', { phone: '+61 400 000 005' })
    const mere = await person('Walker', 'Mere', { dateOfBirth: '2015-07-08' })
    const safe = await person('Walker', 'Anahera', { phone: '+61 400 000 006' })
    const unsafe = await person('Walker', 'Tipene', { phone: '+61 400 000 007' })
    const rua = await person('Tuhoe', 'Rua', { dateOfBirth: '2018-09-10' })
    const former = await person('Tuhoe', 'Hemi', { phone: '+61 400 000 008' })
    const guardian = await person('Tuhoe', 'Moana', { phone: '+61 400 000 009' })
    const wiremu = await person('Kingi', 'Wiremu', { dateOfBirth: '2016-11-12' })
    const staffParent = await person('Kingi', 'Aperahama', { phone: '+61 400 000 010' })
    for (const child of [aroha, tama, mere, rua, wiremu]) await student(child)
    await carer(mother, aroha)
    await carer(father, aroha)
    await carer(resident, tama)
    await carer(separated, tama)
    await carer(safe, mere)
    await carer(unsafe, mere)
    await carer(former, rua, '2018-09-10', lastMonth)
    await carer(guardian, rua, addDays(lastMonth, 1))
    await carer(staffParent, wiremu)
    await applyBillingSplit(
      tx, changes, school.school, aroha,
      { category: 'all', from: '2024-01-29', shares: [{ payerId: mother, share: 5000 }, { payerId: father, share: 5000 }] }
    )
    await applyBillingSplit(
      tx, changes, school.school, tama,
      { category: 'all', from: '2024-01-29', shares: [{ payerId: resident, share: 7000 }, { payerId: separated, share: 3000 }] }
    )
    await applyBillingSplit(tx, changes, school.school, mere, { category: 'all', from: '2024-01-29', shares: [{ payerId: safe, share: 10_000 }] })
    await applyBillingSplit(tx, changes, school.school, rua, { category: 'all', from: '2024-01-29', shares: [{ payerId: guardian, share: 10_000 }] })
    await applyBillingSplit(tx, changes, school.school, wiremu, { category: 'all', from: '2024-01-29', shares: [{ payerId: staffParent, share: 10_000 }] })
    await insertConcession(tx, changes, school.school, aroha, { kind: 'sibling', validFrom: '2024-01-29' })
    return { aroha, mother, father, tama, resident, separated, mere, safe, unsafe, rua, former, guardian, wiremu, staffParent }
  })
  await recordCourtOrder(
    school.context, people.tama,
    { kind: 'parenting_order', restrainedPersonId: people.separated, purposes: ['details', 'contact'], validFrom: lastMonth, validTo: addDays(today, 365) }
  )
  await recordProtectionFlag(school.context, people.mere, { kind: 'family_violence', validFrom: lastMonth, safeAdultIds: [people.safe] })
  return { ...people, emails, today, lastMonth }
}

/** The school's year and a term still to run, and one over, so key dates have something to show and to leave out. */
export async function seedKeyDates(school: TestSchool, today: string) {
  const year = today.slice(0, 4)
  await saveAcademicSession(school.context, {
    code: `${Number(year) - 1}`, title: `School year ${Number(year) - 1}`, kind: 'school_year', startsOn: `${Number(year) - 1}-01-20`,
    endsOn: `${Number(year) - 1}-12-15`
  })
  await saveAcademicSession(
    school.context, { code: year, title: `School year ${year}`, kind: 'school_year', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` }
  )
  await saveAcademicSession(
    school.context, { code: `${year}T4`, title: 'Term 4', kind: 'term', startsOn: `${year}-10-01`, endsOn: `${year}-12-18`, parentCode: year }
  )
}
