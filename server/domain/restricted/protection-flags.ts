import { protectionFlagKinds, protectionFlags, type ProtectionFlagKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext, SchoolRef } from '../shared/context'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../shared/clock'
import { checkSpanInput } from '../shared/span-input'
import { closeSpan } from '../shared/close-span'
import { requirePerson } from '../people/require-person'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'

export interface NewProtectionFlag {
  kind: ProtectionFlagKind
  /** Default today in the school's zone. */
  validFrom?: string
  note?: string | null
}

/**
 * Records a protection flag on a child inside a write (a restricted record). The outbox says only
 * that the person changed, never what.
 */
export async function insertProtectionFlag(tx: Db, changes: ChangeLog, school: SchoolRef, personId: string, input: NewProtectionFlag): Promise<string> {
  if (!protectionFlagKinds.includes(input.kind)) throw domainError('unprocessable', [`There is no protection flag kind "${excerpt(input.kind)}".`])
  const validFrom = input.validFrom ?? todayInZone(school.timeZone)
  checkSpanInput({ validFrom, validTo: null })
  await requirePerson(tx, school, personId)
  const id = newId('prf')
  await tx.insert(protectionFlags).values({
    id, schoolId: school.id, personId, kind: input.kind, note: input.note ?? null, validFrom, validTo: null, recordedAt: timestampNow(), liftedAt: null
  })
  changes.record('person.updated', 'people', personId)
  return id
}

export function recordProtectionFlag(ctx: DomainContext, personId: string, input: NewProtectionFlag): Promise<string> {
  return writeChanges(ctx, (tx, changes) => insertProtectionFlag(tx, changes, ctx.school, personId, input))
}

/**
 * Lifts a flag. It stays in force through `lastDay` (default today), so lifting it never exposes a
 * child earlier in the day than the school meant.
 */
export function liftProtectionFlag(ctx: DomainContext, flagId: string, lastDay = todayInZone(ctx.school.timeZone)): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const flag = await closeSpan(tx, ctx.school, protectionFlags, flagId, lastDay, {
      label: 'protection flag',
      check: (row) => {
        if (row.validTo !== null) throw domainError('unprocessable', [`The flag was already lifted; its last day was ${row.validTo}.`])
      },
      alsoSet: { liftedAt: timestampNow() }
    })
    changes.record('person.updated', 'people', flag.personId)
  })
}
