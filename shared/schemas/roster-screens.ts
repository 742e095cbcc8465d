import { z } from 'zod'
import { rosterFormats } from '../vocabulary'
import { rosterSchema } from './rosters'

/** A set as the rostering screen previews it: its counts and each file's header, row count and first rows. */
export const rosterPreviewSchema = z.object({
  format: z.enum(rosterFormats),
  asAt: z.string(),
  counts: rosterSchema.shape.counts,
  files: z.array(z.object({ name: z.string(), header: z.array(z.string()), rowCount: z.number().int(), firstRows: z.array(z.array(z.string())) }))
})

export const rosterPreviewsSchema = z.object({ sets: z.array(rosterPreviewSchema) })

export const rosterZipAnswer = z.object({
  fileName: z.string().regex(/^(oneroster|sds|oneroster12)\.zip$/),
  contentType: z.literal('application/zip'),
  size: z.number().int().min(0)
})

export const rosterClassSchema = z.object({
  id: z.string(), code: z.string(), title: z.string(), kind: z.string(), room: z.string().nullable(), course: z.string().nullable(),
  students: z.number().int(), staff: z.number().int()
})

export const rosterMemberSchema = z.object({
  personId: z.string(), familyName: z.string(), givenNames: z.string(), role: z.string(), yearLevel: z.string().nullable(), loginName: z.string().nullable()
})
