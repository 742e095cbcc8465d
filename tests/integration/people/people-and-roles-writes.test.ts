import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, gt } from 'drizzle-orm'
import { affiliations, changeEvents, people } from '../../../db/schema'
import { openAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { closeAffiliation } from '../../../server/domain/affiliations/close-affiliation'
import { placeStudent } from '../../../server/domain/affiliations/place-student'
import { correctPersonName, listNameHistory } from '../../../server/domain/people/correct-name'
import { closeParentalResponsibility, openParentalResponsibility, parentalResponsibilitiesFor } from '../../../server/domain/people/parental-responsibility'
import { liftProtectionFlag, recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { endCourtOrder, recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { readRestrictedRecord } from '../../../server/domain/restricted/restricted-record'
import { childrenUnderRestriction } from '../../../server/domain/access/withholding'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { nameSortKey } from '../../../server/domain/people/name-key'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'

const codeOfStatus: Record<number, string> = { 400: 'validation_failed', 404: 'not_found', 422: 'unprocessable' }
const refused = (status: number, text?: string) =>
  ({ code: codeOfStatus[status], ...(text ? { detail: expect.arrayContaining([expect.stringContaining(text)]) } : {}) })

describe('the writes behind the people and roles screens', () => {
  let school: TestSchool
  let other: TestSchool
  let lastSequence = 0
  let student: string, adult: string, staff: string

  /** The change events written since the last call: every write announces itself in the outbox. */
  const newEvents = async () => {
    const rows = await school.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), gt(changeEvents.sequence, lastSequence))).orderBy(asc(changeEvents.sequence))
    lastSequence = rows.at(-1)?.sequence ?? lastSequence
    return rows.map(row => [row.kind, row.tableName, row.recordId])
  }

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North' }, { name: 'South' }] })
    other = await newSchool({ campuses: [{ name: 'Elsewhere' }] })
    ;[student, adult, staff] = await addPeopleWithSpans(school, [
      { familyName: 'Tanaka', givenNames: 'Hana' },
      { familyName: 'Tanaka', givenNames: 'Mei' },
      { familyName: 'Rossi', givenNames: 'Lucas' }
    ])
    await newEvents()
  })

  describe('affiliations', () => {
    let span: string

    it('opens a student span at a year level and campus, and announces it', async () => {
      const { campuses } = await import('../../../db/schema')
      const [north] = await school.database.db.select().from(campuses).where(and(eq(campuses.schoolId, school.id), eq(campuses.name, 'North')))
      span = await openAffiliation(school.context, { personId: student, kind: 'student', validFrom: '2024-01-29', yearLevel: '4', campusId: north!.id })
      expect(await newEvents()).toEqual([['affiliation.created', 'affiliations', span]])
    })

    it.each([
      ['an overlapping span of the same kind', { kind: 'student', validFrom: '2025-01-28' }, 'overlap'],
      ['a year level the school does not have', { kind: 'student', validFrom: '2010-01-28', validTo: '2010-12-01', yearLevel: 'Year 13' }, 'Year 13'],
      ['a year level on a staff span', { kind: 'staff_member', validFrom: '2024-01-01', yearLevel: '4' }, 'Only a student span'],
      ['an end before the start', { kind: 'volunteer', validFrom: '2024-01-01', validTo: '2023-12-31' }, 'before it starts'],
      ['a kind there is not', { kind: 'teacher', validFrom: '2024-01-01' }, 'teacher']
    ])('refuses %s as unprocessable', async (_, input, text) => {
      await expect(openAffiliation(school.context, { personId: student, ...input } as never)).rejects.toMatchObject(refused(422, text))
      expect(await newEvents()).toEqual([])
    })

    it('refuses another school\'s campus and another school\'s person', async () => {
      const { campuses } = await import('../../../db/schema')
      const [elsewhere] = await school.database.db.select().from(campuses).where(eq(campuses.schoolId, other.id))
      await expect(
        openAffiliation(school.context, { personId: staff, kind: 'student', validFrom: '2024-01-29', campusId: elsewhere!.id })
      ).rejects.toMatchObject(refused(422, 'campus'))
      const [stranger] = await addPeopleWithSpans(other, [{ familyName: 'Stranger', givenNames: 'Other' }])
      await expect(openAffiliation(school.context, { personId: stranger!, kind: 'volunteer', validFrom: '2024-01-29' })).rejects.toMatchObject(refused(404))
    })

    it('moves the student to another year level on the span', async () => {
      await placeStudent(school.context, span, { yearLevel: '5' })
      const [row] = await school.database.db.select().from(affiliations).where(eq(affiliations.id, span))
      expect(row!.yearLevel).toBe('5')
      expect(await newEvents()).toEqual([['affiliation.updated', 'affiliations', span]])
    })

    it('closes the span with an exit reason from the school\'s list, kept as a restricted record', async () => {
      await expect(closeAffiliation(school.context, span, { lastDay: '2023-12-31' })).rejects.toMatchObject(refused(422))
      await expect(closeAffiliation(school.context, span, { lastDay: '2025-06-30', exitReason: { reason: 'bored' } }))
        .rejects.toMatchObject(refused(422, 'bored'))
      await closeAffiliation(school.context, span, { lastDay: '2025-06-30', exitReason: { reason: 'relocation', note: 'Moved to Perth' } })
      const [row] = await school.database.db.select().from(affiliations).where(eq(affiliations.id, span))
      expect(row!.validTo).toBe('2025-06-30')
      expect((await readRestrictedRecord(school.context, student)).exitReasons)
        .toMatchObject([{ affiliationId: span, reason: 'relocation', note: 'Moved to Perth' }])
      expect(await newEvents()).toEqual([['affiliation.updated', 'affiliations', span]])
    })

    it('lets the student come back on a new span after the old one closed', async () => {
      const again = await openAffiliation(school.context, { personId: student, kind: 'student', validFrom: '2025-07-01', yearLevel: '6' })
      expect(await newEvents()).toEqual([['affiliation.created', 'affiliations', again]])
    })
  })

  describe('names', () => {
    it('corrects a name, keeping the one it replaces with the days it was held, and moves the name key', async () => {
      expect(await correctPersonName(school.context, adult, { familyName: 'Tanaka-Smith', givenNames: 'Mei', change: 'change', effectiveFrom: '2025-03-01' }))
        .toBe(true)
      expect(await correctPersonName(school.context, adult, { familyName: 'Tanaka-Smyth', givenNames: ' Mei ', effectiveFrom: '2026-01-10' })).toBe(true)
      expect(await listNameHistory(school.context, adult)).toEqual([
        { familyName: 'Tanaka-Smith', givenNames: 'Mei', heldFrom: '2025-03-01', heldTo: '2026-01-09', change: 'correction' },
        { familyName: 'Tanaka', givenNames: 'Mei', heldFrom: null, heldTo: '2025-02-28', change: 'change' }
      ])
      const [row] = await school.database.db.select().from(people).where(eq(people.id, adult))
      expect(row).toMatchObject({ familyName: 'Tanaka-Smyth', givenNames: 'Mei', nameKey: nameSortKey('Tanaka-Smyth', 'Mei') })
      expect(await newEvents()).toEqual([['person.updated', 'people', adult], ['person.updated', 'people', adult]])
      expect(await listNameHistory(other.context, adult)).toEqual([])
    })

    it('writes nothing when the name is unchanged, and refuses a new name before the current one began', async () => {
      expect(await correctPersonName(school.context, adult, { familyName: 'Tanaka-Smyth', givenNames: 'Mei' })).toBe(false)
      await expect(correctPersonName(school.context, adult, { familyName: 'Tanaka', givenNames: 'Mei', effectiveFrom: '2026-01-10' })).rejects.toMatchObject(
        refused(422, '2026-01-10')
      )
      await expect(correctPersonName(school.context, adult, { familyName: ' ', givenNames: 'Mei' })).rejects.toMatchObject(refused(400))
      expect(await newEvents()).toEqual([])
    })
  })

  describe('parental responsibility', () => {
    it('opens and closes a span between an adult and a child, announced on the child', async () => {
      await expect(
        openParentalResponsibility(school.context, { adultId: adult, childId: student, relationship: 'aunt', validFrom: '2024-01-29' })
      ).rejects.toMatchObject(refused(422, 'aunt'))
      await expect(openParentalResponsibility(school.context, { adultId: adult, childId: adult, validFrom: '2024-01-29' })).rejects.toMatchObject(refused(422))
      const id = await openParentalResponsibility(school.context, { adultId: adult, childId: student, relationship: 'mother', validFrom: '2024-01-29' })
      await expect(
        openParentalResponsibility(school.context, { adultId: adult, childId: student, validFrom: '2025-01-01' })
      ).rejects.toMatchObject(refused(422))
      await closeParentalResponsibility(school.context, id, '2025-12-31')
      expect(await parentalResponsibilitiesFor(school.context, [student])).toEqual([
        { id, adultId: adult, childId: student, relationship: 'mother', validFrom: '2024-01-29', validTo: '2025-12-31' }
      ])
      expect(await parentalResponsibilitiesFor(other.context, [student])).toEqual([])
      expect(await newEvents()).toEqual([['person.updated', 'people', student], ['person.updated', 'people', student]])
    })
  })

  describe('protection flags and court orders', () => {
    it('records and lifts a flag; the child is kept out while it is open', async () => {
      const flag = await recordProtectionFlag(school.context, student, { kind: 'child_protection', validFrom: '2025-02-01' })
      expect(await childrenUnderRestriction(school.context, [student, adult], '2025-03-01')).toEqual(new Set([student]))
      await expect(liftProtectionFlag(school.context, flag, '2025-01-01')).rejects.toMatchObject(refused(422))
      await liftProtectionFlag(school.context, flag, '2025-05-31')
      await expect(liftProtectionFlag(school.context, flag, '2025-06-30')).rejects.toMatchObject(refused(422, 'already lifted'))
      expect(await childrenUnderRestriction(school.context, [student], '2025-05-31')).toEqual(new Set([student]))
      expect(await childrenUnderRestriction(school.context, [student], '2025-06-01')).toEqual(new Set())
      expect(await newEvents()).toEqual([['person.updated', 'people', student], ['person.updated', 'people', student]])
    })

    it('records a court order in force for its span', async () => {
      const order = await recordCourtOrder(
        school.context, student, { kind: 'intervention_order', validFrom: '2025-08-01', restrainedPersonId: staff, purposes: ['contact'] }
      )
      await endCourtOrder(school.context, order, '2026-07-31')
      expect(await childrenUnderRestriction(school.context, [student], '2025-07-31')).toEqual(new Set())
      expect(await childrenUnderRestriction(school.context, [student], '2026-07-31')).toEqual(new Set([student]))
      expect(await childrenUnderRestriction(other.context, [student], '2026-07-31')).toEqual(new Set())
      expect(await newEvents()).toEqual([['person.updated', 'people', student], ['person.updated', 'people', student]])
    })
  })

  describe('school settings', () => {
    it('keeps year levels in order with the final one among them, and the alumni rule', async () => {
      // Students of this file's school are in years 5 and 6: those stay listed, whatever else changes.
      await expect(updateSchoolSettings(school.context, { yearLevels: ['P', '1', '2', '3'], finalYearLevel: '3' })).rejects.toMatchObject({
        code: 'conflict', extras: { fields: [{ path: 'yearLevels' }] }
      })
      const updated = await updateSchoolSettings(
        school.context, { yearLevels: ['P', '1', '2', '3', '4', '5', '6'], finalYearLevel: '6', alumniRule: 'completed_final_year' }
      )
      expect(updated.lists).toMatchObject({ yearLevels: ['P', '1', '2', '3', '4', '5', '6'], finalYearLevel: '6', alumniRule: 'completed_final_year' })
      await expect(updateSchoolSettings(school.context, { finalYearLevel: '12' })).rejects.toBeInstanceOf(DomainError)
      await expect(updateSchoolSettings(school.context, { timeZone: 'Mars/Olympus' })).rejects.toBeInstanceOf(DomainError)
      await expect(updateSchoolSettings(school.context, { alumniRule: 'everyone' as never })).rejects.toBeInstanceOf(DomainError)
    })
  })
})
