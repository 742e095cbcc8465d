import { z } from 'zod'
import { oneRosterScopes } from '../vocabulary'
import { plainLine, timestamp } from './common'

/** What Settings → Rostering asks for a new OneRoster client; the form checks it with this schema too. */
export const oneRosterClientCreateSchema = z.strictObject({
  name: plainLine(200, 'Name the platform that will use it.'),
  scopes: z.array(z.enum(oneRosterScopes, 'Not a OneRoster scope.')).min(1, 'Choose at least one scope.').max(oneRosterScopes.length)
})
export type OneRosterClientCreateInput = z.input<typeof oneRosterClientCreateSchema>

/** A client as made: its secret is in this answer only. */
export const createdOneRosterClientSchema = z.object({
  id: z.string(), clientId: z.string(), clientSecret: z.string(), name: z.string(), scopes: z.array(z.enum(oneRosterScopes)), createdAt: timestamp
})

export const oneRosterClientListingSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(oneRosterScopes)),
  createdAt: timestamp,
  /** The email of the member who made it, or the recorded actor (`system:cli`). */
  createdBy: z.string().nullable(),
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable()
})

export const oneRosterClientListSchema = z.object({
  items: z.array(oneRosterClientListingSchema),
  /** Where a platform takes its tokens and reads each version, from the service's public URL. */
  endpoints: z.object({ tokenUrl: z.string(), v1p2Url: z.string(), v1p1Url: z.string() })
})

export const revokedOneRosterClientSchema = z.object({ id: z.string(), revoked: z.literal(true) })
