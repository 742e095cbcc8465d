import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { childContacts, childMedicalNeeds, people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { bulkInsert } from '../../../db/bulk-insert'
import type { ChildContactKind } from '../../../shared/vocabulary'
import type { ChildContactInput, MedicalNeedInput } from '../../../shared/schemas/data-checks'
import type { DomainContext } from '../shared/context'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { recordedActor } from '../shared/actor'
import { timestampNow } from '../days/clock'

/*
 * A child's emergency contacts, collectors and medical needs (docs/data-check.md): kept apart from the person row,
 * each list written whole, in order, by the office on the record or by an approved correction from a family.
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/** A contact as kept: the name and phone are written out even for an adult on file, so a list reads alone. */
export interface KeptContact { personId: string | null, name: string, phone: string, relationship: string | null }
export interface KeptMedicalNeed { need: string, care: string | null }

/** The lists a write may replace; a list left out is left as it is. */
export interface ChildCareLists { emergencyContacts?: KeptContact[], collectors?: KeptContact[], medicalNeeds?: KeptMedicalNeed[] }

const listOfKind: Record<ChildContactKind, 'emergencyContacts' | 'collectors'> = { emergency: 'emergencyContacts', collector: 'collectors' }

/** The child's three lists, in order, with their rows' ids; and when either contact list last changed. */
export async function readChildCare(db: Db, schoolId: string, childId: string) {
  const [contacts, needs] = await Promise.all([
    db.select().from(childContacts).where(and(eq(childContacts.schoolId, schoolId), eq(childContacts.childId, childId)))
      .orderBy(asc(childContacts.kind), asc(childContacts.position)),
    db.select().from(childMedicalNeeds).where(and(eq(childMedicalNeeds.schoolId, schoolId), eq(childMedicalNeeds.childId, childId)))
      .orderBy(asc(childMedicalNeeds.position))
  ])
  const view = (row: typeof contacts[number]) => ({ id: row.id, personId: row.personId, name: row.name, phone: row.phone, relationship: row.relationship })
  return {
    emergencyContacts: contacts.filter(row => row.kind === 'emergency').map(view),
    collectors: contacts.filter(row => row.kind === 'collector').map(view),
    medicalNeeds: needs.map(row => ({ id: row.id, need: row.need, care: row.care })),
    contactsUpdatedAt: contacts.reduce<string | null>((latest, row) => latest === null || row.updatedAt > latest ? row.updatedAt : latest, null)
  }
}

/** The lists without their rows' ids: what a correction compares with and keeps as `before`. */
export function keptLists(care: Awaited<ReturnType<typeof readChildCare>>): Required<ChildCareLists> {
  const contact = ({ personId, name, phone, relationship }: KeptContact) => ({ personId, name, phone, relationship })
  return {
    emergencyContacts: care.emergencyContacts.map(contact),
    collectors: care.collectors.map(contact),
    medicalNeeds: care.medicalNeeds.map(({ need, care }) => ({ need, care }))
  }
}

/**
 * The entries as they will be kept: an adult on file named by `personId` lends their name and phone where the entry
 * gives none. `allowed` narrows whom an entry may name (a family names only adults already on the list, or itself);
 * any other id, a child, another school's or an unknown one is `validation_failed` beside it, as is an adult on
 * file with no phone given and none on file.
 */
export async function resolveContacts(
  ctx: ReadContext, entries: readonly ChildContactInput[], path: string, options: { childId: string, allowed?: ReadonlySet<string> }
): Promise<KeptContact[]> {
  const ids = [...new Set(entries.flatMap(entry => entry.personId ? [entry.personId] : []))]
  const found = ids.length
    ? await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, phone: people.phone }).from(people)
        .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, ids), isNull(people.deletedAt)))
    : []
  const byId = new Map(found.map(row => [row.id, row]))
  const problems: FieldProblem[] = []
  const kept = entries.map((entry, i) => {
    const found = entry.personId ? byId.get(entry.personId) : undefined
    const person = found && found.id !== options.childId && (!options.allowed || options.allowed.has(found.id)) ? found : undefined
    if (entry.personId && !person) problems.push({ path: `${path}[${i}].personId`, message: 'Not an adult you can name here.' })
    const phone = entry.phone ?? person?.phone ?? null
    if (person && phone === null) problems.push({ path: `${path}[${i}].phone`, message: 'Give a phone number.' })
    return {
      personId: person ? person.id : null, name: entry.name ?? (person ? `${person.givenNames} ${person.familyName}` : ''), phone: phone ?? '',
      relationship: entry.relationship ?? null
    }
  })
  if (problems.length) throw validationFailed(problems)
  return kept
}

/** Medical needs as kept. */
export const keptMedicalNeeds = (needs: readonly MedicalNeedInput[]): KeptMedicalNeed[] => needs.map(({ need, care }) => ({ need, care: care || null }))

/** Whether two lists hold the same entries in the same order. */
export const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Replaces the lists given, each whole, inside the caller's transaction. Says whether a contact list changed, so the
 * caller announces `contact.updated` (medical needs are never announced: `/api/v1` does not read them).
 */
export async function writeChildCare(tx: Db, ctx: Pick<DomainContext, 'school' | 'actor'>, childId: string, lists: ChildCareLists) {
  const at = timestampNow()
  const by = recordedActor(ctx.actor)
  const schoolId = ctx.school.id
  let contactsChanged = false
  for (const kind of ['emergency', 'collector'] as const) {
    const list = lists[listOfKind[kind]]
    if (!list) continue
    contactsChanged = true
    await tx.delete(childContacts).where(and(eq(childContacts.schoolId, schoolId), eq(childContacts.childId, childId), eq(childContacts.kind, kind)))
    await bulkInsert(tx, childContacts, list.map((contact, position) => ({
      id: newId('ccn'), schoolId, childId, kind, position, ...contact, updatedAt: at, updatedBy: by
    })))
  }
  if (lists.medicalNeeds) {
    await tx.delete(childMedicalNeeds).where(and(eq(childMedicalNeeds.schoolId, schoolId), eq(childMedicalNeeds.childId, childId)))
    await bulkInsert(tx, childMedicalNeeds, lists.medicalNeeds.map((need, position) => ({
      id: newId('cmn'), schoolId, childId, position, ...need, updatedAt: at, updatedBy: by
    })))
  }
  return { contactsChanged }
}

/** A list in one line an entry: how a detail request shows it before and after (the office's queue, the family's Our details). */
export function listInLines(list: readonly (KeptContact | KeptMedicalNeed)[]): string {
  return list.map((entry, i) => 'need' in entry
    ? `${i + 1}. ${entry.need}${entry.care ? `: ${entry.care}` : ''}`
    : `${i + 1}. ${entry.name}${entry.relationship ? ` (${entry.relationship})` : ''}, ${entry.phone}`).join('\n')
}
