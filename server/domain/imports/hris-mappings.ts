import { and, asc, eq } from 'drizzle-orm'
import { hrisMappings } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { domainError, parseInput } from '../shared/domain-error'
import { hrisMappingInputSchema, type HrisColumns, type HrisMappingInput } from '../../../shared/schemas/imports'
import type { HrisDateFormat } from '../../../shared/vocabulary'
import { changedFields, recordActivity } from '../activity/record-activity'

export interface HrisMapping {
  id: string
  name: string
  columns: HrisColumns
  dateFormat: HrisDateFormat
}

function mappingView(row: typeof hrisMappings.$inferSelect): HrisMapping {
  return { id: row.id, name: row.name, columns: JSON.parse(row.columns), dateFormat: row.dateFormat }
}

/**
 * Saves a school's HRIS mapping (a new one, or the one `id` names), validated: every field mapped to
 * a column of its own, a known date format, a name no other of the school's mappings has. Mappings
 * are the school's settings, not its data, so no event is recorded; Settings → Activity has each save.
 */
export async function saveHrisMapping(ctx: DomainContext, input: HrisMappingInput): Promise<{ id: string }> {
  const { database, school } = ctx
  const mapping = parseInput(hrisMappingInputSchema, input)
  const now = timestampNow()
  return database.transaction(async (tx) => {
    const [sameName] = await tx.select({ id: hrisMappings.id }).from(hrisMappings)
      .where(and(eq(hrisMappings.schoolId, school.id), eq(hrisMappings.name, mapping.name)))
    if (sameName && sameName.id !== mapping.id) throw domainError('conflict', [`The school already has a mapping named "${mapping.name}" (${sameName.id}).`])
    const values = { name: mapping.name, columns: JSON.stringify(mapping.columns), dateFormat: mapping.dateFormat, updatedAt: now }
    const saved = { name: mapping.name, columns: mapping.columns, dateFormat: mapping.dateFormat }
    if (mapping.id) {
      const [before] = await tx.select().from(hrisMappings).where(and(eq(hrisMappings.schoolId, school.id), eq(hrisMappings.id, mapping.id)))
      if (!before) throw domainError('not_found', [`No HRIS mapping with the id ${mapping.id}.`])
      await tx.update(hrisMappings).set(values).where(eq(hrisMappings.id, mapping.id))
      const { name, columns, dateFormat } = mappingView(before)
      await recordActivity(tx, ctx, {
        kind: 'hris_mapping.saved', subjectType: 'hris_mapping', subjectId: mapping.id,
        summary: `Changed the HRIS mapping "${mapping.name}" (${mapping.id})`, changes: changedFields({ name, columns, dateFormat }, saved)
      })
      return { id: mapping.id }
    }
    const id = newId('hrm')
    await tx.insert(hrisMappings).values({ id, schoolId: school.id, ...values, createdAt: now })
    await recordActivity(tx, ctx, {
      kind: 'hris_mapping.saved', subjectType: 'hris_mapping', subjectId: id, summary: `Created the HRIS mapping "${mapping.name}" (${id})`,
      changes: changedFields({}, saved)
    })
    return { id }
  })
}

/** The school's HRIS mappings by name. */
export async function listHrisMappings(ctx: DomainContext): Promise<HrisMapping[]> {
  const rows = await ctx.database.db.select().from(hrisMappings).where(eq(hrisMappings.schoolId, ctx.school.id))
    .orderBy(asc(hrisMappings.name), asc(hrisMappings.id))
  return rows.map(mappingView)
}

/** The school's mapping with this id; `not_found` otherwise (another school's too). */
export async function requireHrisMapping(db: Db, school: SchoolRef, mappingId: string): Promise<HrisMapping> {
  const [row] = await db.select().from(hrisMappings).where(and(eq(hrisMappings.schoolId, school.id), eq(hrisMappings.id, mappingId)))
  if (!row) throw domainError('not_found', [`No HRIS mapping with the id ${mappingId}.`])
  return mappingView(row)
}
