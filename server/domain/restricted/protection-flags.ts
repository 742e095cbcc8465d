import { protectionFlagKinds, protectionFlags, type ProtectionFlagKind } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { checkSpanInput } from '../days/span-input'
import { closeSpan } from '../days/close-span'
import { requirePerson } from '../people/require-person'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'
import { assertCapability } from '../access/access'
import { changedFields, recordActivity } from '../activity/record-activity'
import { eq } from 'drizzle-orm'
import { textOfWords, wordsOf } from '../shared/word-list'

export interface NewProtectionFlag {
  kind: ProtectionFlagKind
  /** Default today in the school's zone. */
  validFrom?: string
  note?: string | null
  /** The adults (each a person of the school) the child stays visible to in the family portal. */
  safeAdultIds?: readonly string[]
}

/** A flag's safe adults as read back. */
export const safeAdultsOf = (flag: { safeAdultIds: string }) => wordsOf(flag.safeAdultIds)

/**
 * Records a protection flag on a child inside a write (a restricted record). The outbox says only
 * that the person changed, never what.
 */
export async function insertProtectionFlag(tx: Db, changes: ChangeLog, school: SchoolRef, personId: string, input: NewProtectionFlag): Promise<string> {
  if (!protectionFlagKinds.includes(input.kind)) throw domainError('unprocessable', [`There is no protection flag kind "${excerpt(input.kind)}".`])
  const validFrom = input.validFrom ?? todayInZone(school.timeZone)
  checkSpanInput({ validFrom, validTo: null })
  await requirePerson(tx, school, personId)
  const safeAdultIds = [...new Set(input.safeAdultIds ?? [])]
  for (const adultId of safeAdultIds) await requirePerson(tx, school, adultId)
  const id = newId('prf')
  await tx.insert(protectionFlags).values({
    id, schoolId: school.id, personId, kind: input.kind, note: input.note ?? null, safeAdultIds: textOfWords(safeAdultIds), validFrom, validTo: null,
    recordedAt: timestampNow(), liftedAt: null
  })
  changes.record('person.updated', 'people', personId)
  return id
}

/** Records a protection flag for a caller holding `restricted.read`, and says so in Activity in the same write. */
export function recordProtectionFlag(ctx: DomainContext, personId: string, input: NewProtectionFlag): Promise<string> {
  assertCapability(ctx, 'restricted.read')
  return writeChanges(ctx, async (tx, changes) => {
    const id = await insertProtectionFlag(tx, changes, ctx.school, personId, input)
    const [flag] = await tx.select({ kind: protectionFlags.kind, validFrom: protectionFlags.validFrom, safeAdultIds: protectionFlags.safeAdultIds })
      .from(protectionFlags).where(eq(protectionFlags.id, id))
    await recordActivity(tx, ctx, {
      kind: 'restricted.changed', subjectType: 'person', subjectId: personId,
      summary: `Set protection flag ${id} on person ${personId}`,
      changes: changedFields({}, { kind: flag!.kind, validFrom: flag!.validFrom, safeAdultIds: flag!.safeAdultIds })
    })
    return id
  })
}

/**
 * Lifts a flag, for a caller holding `restricted.read`, and says so in Activity in the same write. It stays in
 * force through `lastDay` (default today), so lifting it never exposes a child earlier in the day than the school
 * meant.
 */
export function liftProtectionFlag(ctx: DomainContext, flagId: string, lastDay = todayInZone(ctx.school.timeZone)): Promise<void> {
  assertCapability(ctx, 'restricted.read')
  return writeChanges(ctx, async (tx, changes) => {
    const flag = await closeSpan(tx, ctx.school, protectionFlags, flagId, lastDay, {
      label: 'protection flag',
      check: (row) => {
        if (row.validTo !== null) throw domainError('unprocessable', [`The flag was already lifted; its last day was ${row.validTo}.`])
      },
      alsoSet: { liftedAt: timestampNow() }
    })
    changes.record('person.updated', 'people', flag.personId)
    await recordActivity(tx, ctx, {
      kind: 'restricted.changed', subjectType: 'person', subjectId: flag.personId,
      summary: `Lifted protection flag ${flagId} of person ${flag.personId}`, changes: changedFields({ validTo: flag.validTo }, { validTo: lastDay })
    })
  })
}
