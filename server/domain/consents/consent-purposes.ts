import { and, asc, eq } from 'drizzle-orm'
import { consentPurposes } from '../../../db/schema'
import type { ConsentLasting } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { writeChanges } from '../shared/write-changes'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type PurposeRow = typeof consentPurposes.$inferSelect

/** A consent purpose as the office reads it. */
export const purposeView = (row: PurposeRow) => ({ id: row.id, name: row.name, aboutNamedThing: row.aboutNamedThing === 'yes', lasting: row.lasting })

/** The school's consent purposes by name. */
export async function listConsentPurposes(ctx: ReadContext) {
  const rows = await ctx.database.db.select().from(consentPurposes).where(eq(consentPurposes.schoolId, ctx.school.id))
    .orderBy(asc(consentPurposes.name), asc(consentPurposes.id))
  return { items: rows.map(purposeView) }
}

/** Adds a consent purpose; `conflict` when the school has one of that name. */
export async function createConsentPurpose(ctx: DomainContext, input: { name: string, aboutNamedThing: boolean, lasting: ConsentLasting }) {
  return writeChanges(ctx, async (tx, changes) => {
    const [same] = await tx.select({ id: consentPurposes.id }).from(consentPurposes)
      .where(and(eq(consentPurposes.schoolId, ctx.school.id), eq(consentPurposes.name, input.name)))
    if (same) throw domainError('conflict', [`The school already has a consent purpose named ${input.name}.`])
    const at = timestampNow()
    const row = {
      id: newId('cpp'), schoolId: ctx.school.id, name: input.name, aboutNamedThing: input.aboutNamedThing ? 'yes' as const : 'no' as const,
      lasting: input.lasting, createdAt: at, updatedAt: at
    }
    await tx.insert(consentPurposes).values(row)
    changes.record('consent_purpose.created', 'consent_purposes', row.id)
    return purposeView(row)
  })
}
