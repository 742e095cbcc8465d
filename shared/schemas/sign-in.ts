import { z } from 'zod'
import { plainLine, timestamp } from './common'
import { schoolClockSchema } from './school-clock'

export const emailAddress = z.string().trim().max(254, 'At most 254 characters.').pipe(z.email('Enter an email address.'))

export const codeRequestSchema = z.strictObject({ email: emailAddress })
export const codeVerifySchema = z.strictObject({
  email: emailAddress,
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the six digits from the mail.')
})
export const signInLinkSchema = z.strictObject({ token: z.string().min(1, 'Required.').max(128, 'Not a sign-in link.') })

/** The browser's answer to a WebAuthn ceremony, as @simplewebauthn/browser gives it; the server library checks the rest. */
export const webauthnAnswer = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4096) })
})
/** Nothing: passkey sign-in options are the same for everyone, so no address is asked for. */
export const passkeySignInOptionsSchema = z.strictObject({})
export const passkeyAnswerSchema = z.strictObject({ response: webauthnAnswer })
export const passkeyName = plainLine(100, 'Give the passkey a name.')
export const passkeyRegisterSchema = z.strictObject({ response: webauthnAnswer, name: passkeyName })
export const passkeyRenameSchema = z.strictObject({ name: passkeyName })

/** What a signed-in account may open: the staff screens, the family portal, or both (its owner chooses at sign-in). */
export const accessKindsSchema = z.object({ staff: z.boolean(), family: z.boolean() })

export const sessionAnswerSchema = z.object({
  /** `role` is null for an account with family access only. */
  account: z.object({ id: z.string(), email: z.string(), role: z.string().nullable(), capabilities: z.array(z.string()) }),
  access: accessKindsSchema,
  school: z.object({ id: z.string(), name: z.string() }),
  /** Every school of the deployment where the account has live staff access, by name, with its role there: the user menu's switcher. */
  schools: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  session: z.object({ method: z.enum(['passkey', 'code', 'link']), passkeyAt: timestamp.nullable(), expiresAt: timestamp }),
  passkeysRequired: z.boolean(),
  passkeyCount: z.number().int(),
  /** The school's zone and currency: the staff screens write every time and amount with them. */
  schoolClock: schoolClockSchema
})
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>

/** Moving the session to another of the account's schools. */
export const switchSchoolSchema = z.object({ schoolId: z.string().min(1).max(64) })
export const schoolSwitchedSchema = z.object({ school: z.object({ id: z.string(), name: z.string(), role: z.string() }) })

export const signedInSchema = z.object({ signedIn: z.literal(true), hasPasskey: z.boolean(), access: accessKindsSchema })
export const codeSentSchema = z.object({ sent: z.literal(true) })
/** Options for `startRegistration` or `startAuthentication` of @simplewebauthn/browser, passed through as the server library makes them. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() })

export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: timestamp, lastUsedAt: timestamp.nullable() })
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) })
export const removedSchema = z.object({ id: z.string(), removed: z.literal(true) })
export const signedOutSchema = z.object({ signedOut: z.literal(true), sessionsEnded: z.number().int() })
