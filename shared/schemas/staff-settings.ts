import { z } from 'zod'
import { plainLine, timestamp } from './common'
import { emailAddress } from './sign-in'

export const tokenDefaultDays = 365
export const tokenMaximumDays = 730

export const tokenIssueSchema = z.strictObject({
  purpose: plainLine(200, 'Say what the token is for.'),
  scopes: z.array(z.string().max(64)).min(1, 'Choose at least one scope.').max(32),
  expiresInDays: z.number().int('Use a whole number of days.').min(1, 'At least one day.')
    .max(tokenMaximumDays, `At most ${tokenMaximumDays} days (two years).`).default(tokenDefaultDays)
})
export type TokenIssueInput = z.input<typeof tokenIssueSchema>

export const tokenListingSchema = z.object({
  id: z.string(),
  purpose: z.string(),
  scopes: z.array(z.string()),
  issuedVia: z.enum(['settings', 'rostering']),
  createdAt: timestamp,
  expiresOn: z.string(),
  revokedAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable(),
  issuedBy: z.string().nullable()
})
export type TokenListing = z.infer<typeof tokenListingSchema>
export const tokenListSchema = z.object({
  items: z.array(tokenListingSchema),
  /** Every scope a token can hold, with what it grants: the screen offers these. */
  scopes: z.array(z.object({ name: z.string(), grants: z.string() }))
})
export const issuedTokenSchema = z.object({ id: z.string(), token: z.string(), expiresOn: z.string() })
export const revokedTokenSchema = z.object({ id: z.string(), revoked: z.literal(true) })

export const staffRoleNames = ['admin', 'office', 'admissions', 'teacher', 'read_only'] as const
export const staffMemberSchema =
  z.object({ id: z.string(), email: z.string(), role: z.enum(staffRoleNames), personId: z.string().nullable(), createdAt: timestamp })
export const staffListSchema = z.object({ items: z.array(staffMemberSchema) })
export const staffAddSchema = z.strictObject({ email: emailAddress, role: z.enum(staffRoleNames, 'Choose a role.'), personId: z.string().max(64).optional() })
export const staffAddedSchema = z.object({
  member: staffMemberSchema,
  signInLink: z.string().nullable()
    .describe('The one-time sign-in link, for an account this add made; null when the address already had an account: the link was mailed to it.'),
  linkExpiresAt: timestamp
})
export const staffRoleChangeSchema = z.strictObject({ role: z.enum(staffRoleNames, 'Choose a role.') })
export const sessionsEndedSchema = z.object({ id: z.string(), sessionsEnded: z.number().int() })

export const signInPolicySchema = z.strictObject({ passkeysRequired: z.boolean() })

export const roleSchema = z.object({ name: z.enum(staffRoleNames), capabilities: z.array(z.string()), changed: z.boolean() })
export const roleListSchema = z.object({ items: z.array(roleSchema), capabilities: z.array(z.object({ name: z.string(), grants: z.string() })) })
export const roleChangeSchema = z.strictObject({ capabilities: z.array(z.string().max(64)).max(64) })
