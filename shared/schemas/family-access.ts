import { z } from 'zod'
import { timestamp } from './common'

/** The office invites an adult at the address on their record and no other: the body names nothing (an `email` is refused). */
export const familyInviteSchema = z.strictObject({})

export const familyAccessSchema = z.object({
  access: z.object({ accountId: z.string(), email: z.string(), since: timestamp, givenBy: z.string()
    .describe('Who gave it, in words: a member of staff by their email, the admin CLI.') }).nullable()
})

/** The screen never receives the sign-in link: it goes to the adult alone, so no member of staff can sign in as them. */
export const familyInvitedSchema = z.object({ accountId: z.string(), invited: z.literal(true), linkExpiresAt: timestamp })
export const familyEndedSchema = z.object({ personId: z.string(), ended: z.literal(true) })

export const portalPreviewSchema = z.object({ previewing: z.string().nullable() })
