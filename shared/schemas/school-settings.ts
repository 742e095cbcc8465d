import { z } from 'zod'
import { alumniRules, heldParts, moduleNames } from '../vocabulary'
import { listValue, plainLine, pageQueryShape, timestamp } from './common'
import { schoolLanguagesSchema } from './languages'

/*
 * Settings → School, Modules and Activity: the forms' schemas, which the server validates with too.
 */

/** A school list as the form sends it: distinct values, at least one. */
function schoolList(what: string) {
  return z.array(listValue(100)).min(1, `Keep at least one ${what}.`).max(200)
    .refine(values => new Set(values).size === values.length, `Each ${what} once.`)
}

export const campusSchema = z.strictObject({
  /** Absent for a campus added now. */
  id: z.string().max(64).optional(),
  name: plainLine(200, 'A campus needs a name.'),
  sisCode: z.string().trim().max(64, 'At most 64 characters.').nullable().optional()
})

/** What Settings → School changes; each field left out stays as it is. */
export const schoolSettingsChangeSchema = z.strictObject({
  name: plainLine(200, 'A school needs a name.').optional(),
  timeZone: z.string().min(1, 'Choose a time zone.').max(64).optional(),
  campuses: z.array(campusSchema).max(100).optional(),
  yearLevels: schoolList('year level').optional(),
  finalYearLevel: z.string().max(100).optional(),
  alumniRule: z.enum(alumniRules, 'Choose who counts as an alumnus.').optional(),
  heldElsewhere: z.array(z.enum(heldParts)).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code, such as AUD.').optional(),
  languages: schoolLanguagesSchema.optional(),
  channels: schoolList('enquiry channel').optional(),
  relationships: schoolList('relationship').optional(),
  withdrawalReasons: schoolList('withdrawal reason').optional(),
  audiences: schoolList('tour audience').optional()
})
export type SchoolSettingsChange = z.input<typeof schoolSettingsChangeSchema>

export const schoolSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  campuses: z.array(z.object({ id: z.string(), name: z.string(), sisCode: z.string().nullable() })),
  yearLevels: z.array(z.string()),
  finalYearLevel: z.string(),
  alumniRule: z.enum(alumniRules),
  heldElsewhere: z.array(z.enum(heldParts)),
  currency: z.string(),
  /** The shipped languages offered to families, English first. */
  languages: z.array(z.string()),
  channels: z.array(z.string()),
  relationships: z.array(z.string()),
  withdrawalReasons: z.array(z.string()),
  audiences: z.array(z.string())
})

export const moduleModes = ['on', 'read_only', 'off'] as const
export const moduleChangeSchema = z.strictObject({ mode: z.enum(moduleModes, 'Choose on, read-only or off.') })
export const moduleListSchema = z.object({
  items: z.array(z.object({ name: z.enum(moduleNames), mode: z.enum(moduleModes) }))
})

export const activityQuery = z.strictObject({
  ...pageQueryShape,
  kind: z.string().max(64).optional(),
  actor: z.string().max(128).optional()
})
export const activityEntrySchema = z.object({
  id: z.string(),
  at: timestamp,
  actor: z.string(),
  /** The actor as a person reads it: a member's email, a token's purpose, "the admin CLI". */
  actorLabel: z.string(),
  kind: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()]))
})
export const activityPageSchema = z.object({ items: z.array(activityEntrySchema), nextCursor: z.string().nullable() })
export const activityFiltersSchema = z.object({
  kinds: z.array(z.object({ name: z.string(), label: z.string() })),
  actors: z.array(z.object({ actor: z.string(), label: z.string() }))
})
