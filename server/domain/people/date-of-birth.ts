import { eq } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { parseInput } from '../shared/domain-error'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'
import { day } from '../../../shared/schemas/common'
import { requirePerson } from './require-person'

/** Records a person's date of birth (null when the school has none); false, writing nothing, when it is unchanged. */
export async function setDateOfBirth(ctx: DomainContext, personId: string, dateOfBirth: string | null): Promise<boolean> {
  refuseHeldElsewhere(ctx.school, 'dateOfBirth')
  const value = dateOfBirth === null ? null : parseInput(day, dateOfBirth, { prefix: ['dateOfBirth'] })
  if ((await requirePerson(ctx.database.db, ctx.school, personId)).dateOfBirth === value) return false
  await writeChanges(ctx, async (tx, changes) => {
    await requirePerson(tx, ctx.school, personId)
    await tx.update(people).set({ dateOfBirth: value, updatedAt: timestampNow() }).where(eq(people.id, personId))
    changes.record('person.updated', 'people', personId)
  })
  return true
}
