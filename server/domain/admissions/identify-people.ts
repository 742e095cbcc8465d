import { and, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { FieldProblem } from '../../../shared/error-catalogue'
import type { AdultReference, StudentReference } from '../../../shared/schemas/person-references'
import type { SchoolRef } from '../shared/school-ref'
import type { ChangeLog } from '../shared/write-changes'
import { domainError, validationFailed } from '../shared/domain-error'
import { insertPerson } from '../people/person-record'
import { foldName, nameSortKey } from '../people/name-key'

/** A person of a send, at its path in the request (`student`, `adults[1]`). */
type Sent = { path: string } & ({ kind: 'student', ref: StudentReference } | { kind: 'adult', ref: AdultReference })

export interface Candidates { path: string, personIds: string[] }

/**
 * The school's people who may be this child: the same date of birth and the same family and first
 * given name, folded as the name order folds them. The name key begins `family\u0001first`, followed
 * by nothing or by a space and further given names, so one range of the people name index finds them
 * however many people the school holds (a folded name holds no character below `!` but the space).
 */
export function possibleStudents(tx: Db, school: SchoolRef, ref: StudentReference) {
  const firstGivenName = foldName(ref.givenNames!).split(' ')[0]!
  const prefix = `${foldName(ref.familyName!)}\u0001${firstGivenName}`
  return tx.select({ id: people.id }).from(people).where(and(
    eq(people.schoolId, school.id), gte(people.nameKey, prefix), lt(people.nameKey, `${prefix}!`),
    eq(people.dateOfBirth, ref.dateOfBirth!), isNull(people.deletedAt)
  )).orderBy(people.id)
}

/** The school's people who may be this adult: the same email address or phone number, or the same folded names. */
export function possibleAdults(tx: Db, school: SchoolRef, ref: AdultReference) {
  return tx.select({ id: people.id }).from(people).where(and(
    eq(people.schoolId, school.id),
    or(
      eq(people.nameKey, nameSortKey(ref.familyName!, ref.givenNames!)),
      ref.email !== undefined ? eq(people.email, ref.email) : undefined,
      ref.phone !== undefined ? eq(people.phone, ref.phone) : undefined
    ),
    isNull(people.deletedAt)
  )).orderBy(people.id)
}

/** Refuses a `personId` the school does not have (another school's included), or one sent twice, on its path. */
async function checkNamedPeople(tx: Db, school: SchoolRef, sent: Sent[]) {
  const named = sent.filter(person => person.ref.personId !== undefined)
  if (named.length === 0) return
  const found = new Set((await tx.select({ id: people.id }).from(people).where(and(
    eq(people.schoolId, school.id), inArray(people.id, named.map(person => person.ref.personId!)), isNull(people.deletedAt)
  ))).map(row => row.id))
  const seen = new Set<string>()
  const problems: FieldProblem[] = []
  for (const { path, ref } of named) {
    if (!found.has(ref.personId!)) problems.push({ path: `${path}.personId`, message: 'The school has no person with this id.' })
    else if (seen.has(ref.personId!)) problems.push({ path: `${path}.personId`, message: 'The same person is sent twice.' })
    seen.add(ref.personId!)
  }
  if (problems.length) throw validationFailed(problems)
}

/**
 * The identification rule of applications and enrolments (DECISIONS). A person named by `personId`
 * is linked as found and never updated. A person sent with details who may already be on file stops
 * the whole send with `conflict`, naming the possible records for each (`data.candidates`), unless
 * sent with `new: true`; only then are new people written. Runs inside the send's write, under the
 * school's lock, so two sends of the same new person cannot both miss each other.
 */
export async function identifyPeople(
  tx: Db, changes: ChangeLog, school: SchoolRef, student: StudentReference, adults: { field: string, refs: AdultReference[] }
) {
  const sent: Sent[] = [
    { path: 'student', kind: 'student', ref: student },
    ...adults.refs.map((ref, i): Sent => ({ path: `${adults.field}[${i}]`, kind: 'adult', ref }))
  ]
  await checkNamedPeople(tx, school, sent)
  const candidates: Candidates[] = []
  for (const person of sent) {
    if (person.ref.personId !== undefined || person.ref.new) continue
    const matches = person.kind === 'student' ? await possibleStudents(tx, school, person.ref) : await possibleAdults(tx, school, person.ref)
    if (matches.length) candidates.push({ path: person.path, personIds: matches.map(match => match.id) })
  }
  if (candidates.length) {
    const reasons = candidates.map(({ path, personIds }) =>
      `${path} may already be on file (${personIds.join(', ')}); resend with its personId, or with "new": true if it is someone else.`)
    throw domainError('conflict', reasons, { data: { candidates } })
  }
  const ids: string[] = []
  for (const { ref } of sent) ids.push(
    ref.personId ?? await insertPerson(tx, changes, school.id, { ...ref, familyName: ref.familyName!, givenNames: ref.givenNames! })
  )
  const [studentId, ...adultIds] = ids
  return { studentId: studentId!, adultIds }
}
