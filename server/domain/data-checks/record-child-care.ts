import { and, eq, isNull } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import type { ChildContactsInput, MedicalNeedInput } from '../../../shared/schemas/data-checks'
import { writeChanges } from '../shared/write-changes'
import { recordActivity } from '../activity/record-activity'
import { requirePerson } from '../people/require-person'
import { keptMedicalNeeds, readChildCare, resolveContacts, writeChildCare } from './child-care'

/*
 * The child's record (`/staff/people/{id}`, docs/data-check.md): the office reads and writes the child's emergency
 * contacts, collectors and medical needs. Staff holding `person.read` read them; `people.manage` writes them.
 */

/** The child's three lists on their record; `not_found` for a person not of the school. */
export async function childCareOnRecord(ctx: DomainContext, childId: string) {
  await requirePerson(ctx.database.db, ctx.school, childId)
  const { contactsUpdatedAt: _, ...lists } = await readChildCare(ctx.database.db, ctx.school.id, childId)
  return lists
}

/**
 * Writes the child's emergency contacts and collectors, each list whole, announcing `contact.updated` with them and
 * Activity (ids only: a contact's name or phone is not written into Activity's summary), in one transaction.
 */
export async function recordChildContacts(ctx: DomainContext, childId: string, input: ChildContactsInput) {
  await requirePerson(ctx.database.db, ctx.school, childId)
  const [emergencyContacts, collectors] = await Promise.all([
    resolveContacts(ctx, input.emergencyContacts, 'emergencyContacts', { childId }),
    resolveContacts(ctx, input.collectors, 'collectors', { childId })
  ])
  await writeChanges(ctx, async (tx, log) => {
    await requirePerson(tx, ctx.school, childId)
    await writeChildCare(tx, ctx, childId, { emergencyContacts, collectors })
    log.record('contact.updated', 'child_contacts', childId)
    await recordActivity(tx, ctx, {
      kind: 'child_care.changed', subjectType: 'person', subjectId: childId, summary: `Person ${childId}'s emergency contacts and collectors changed`
    })
  })
  return childCareOnRecord(ctx, childId)
}

/** Writes the child's medical needs, whole, with Activity (ids only), in one transaction; nothing is announced to `/api/v1`. */
export async function recordChildMedicalNeeds(ctx: DomainContext, childId: string, needs: readonly MedicalNeedInput[]) {
  await requirePerson(ctx.database.db, ctx.school, childId)
  await ctx.database.transaction(async (tx) => {
    await requirePerson(tx, ctx.school, childId)
    await writeChildCare(tx, ctx, childId, { medicalNeeds: keptMedicalNeeds(needs) })
    await recordActivity(tx, ctx, {
      kind: 'child_care.changed', subjectType: 'person', subjectId: childId, summary: `Person ${childId}'s medical needs changed`
    })
  })
  return childCareOnRecord(ctx, childId)
}

/** `GET /api/v1/people/{id}/contacts`: the child's emergency contacts and collectors in order, never medical needs; null for no such person. */
export async function apiChildContacts(ctx: DomainContext, childId: string) {
  const [person] = await ctx.database.db.select({ id: people.id }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, childId), isNull(people.deletedAt)))
  if (!person) return null
  const care = await readChildCare(ctx.database.db, ctx.school.id, childId)
  const api = (list: typeof care.emergencyContacts) =>
    list.map((contact, i) => ({ personId: contact.personId, name: contact.name, phone: contact.phone, relationship: contact.relationship, order: i + 1 }))
  return { personId: childId, emergencyContacts: api(care.emergencyContacts), collectors: api(care.collectors), updatedAt: care.contactsUpdatedAt }
}
