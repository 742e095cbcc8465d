import { concessionKinds, concessions, type ConcessionKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { checkSpanInput } from '../days/span-input'
import { closeSpan } from '../days/close-span'
import { requirePerson } from '../people/require-person'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'

export interface NewConcession {
  kind: ConcessionKind
  validFrom: string
  validTo?: string | null
}

/** Grants a student a concession inside a write. A concession is a kind; the amount belongs to the fee schedule. */
export async function insertConcession(tx: Db, changes: ChangeLog, school: SchoolRef, studentId: string, input: NewConcession): Promise<string> {
  if (!concessionKinds.includes(input.kind)) {
    throw domainError('unprocessable', [`There is no concession kind "${excerpt(input.kind)}". The kinds are: ${concessionKinds.join(', ')}.`])
  }
  const span = { validFrom: input.validFrom, validTo: input.validTo ?? null }
  checkSpanInput(span)
  await requirePerson(tx, school, studentId, 'student')
  const id = newId('cnc')
  await tx.insert(concessions).values({ id, schoolId: school.id, studentId, kind: input.kind, ...span, createdAt: timestampNow() })
  changes.record('billing.updated', 'people', studentId)
  return id
}

export function addConcession(ctx: DomainContext, studentId: string, input: NewConcession): Promise<string> {
  return writeChanges(ctx, (tx, changes) => insertConcession(tx, changes, ctx.school, studentId, input))
}

/** Ends a concession on its last day. */
export function endConcession(ctx: DomainContext, concessionId: string, lastDay: string): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const row = await closeSpan(tx, ctx.school, concessions, concessionId, lastDay, { label: 'concession' })
    changes.record('billing.updated', 'people', row.studentId)
  })
}
