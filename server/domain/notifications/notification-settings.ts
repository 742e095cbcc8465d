/**
 * A school's notification settings (docs/notifications.md, "Settings"): the digest time, which kinds a
 * family may turn off, the text gateway (its secret sealed, never shown again), and the VAPID keys made on
 * first use and kept. A school that never opened the page has the defaults, written on first read.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { schoolNotificationSettings } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { NotificationSettingsInput } from '../../../shared/schemas/notifications'
import { noticeKinds, type NoticeKind } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { validationFailed } from '../shared/domain-error'
import { openSealedText, sealText } from '../shared/sealed-text'
import { timestampNow } from '../days/clock'
import { publicUrl } from '../shared/public-url'
import { changedFields, recordActivity } from '../activity/record-activity'
import { makeVapidKeys } from './push/vapid-keys'

type SettingsRow = typeof schoolNotificationSettings.$inferSelect

export const defaultDigestTime = '17:00'
/** Consent asks and absences reach every family on some channel: a school may open them to "off" itself. */
export const defaultOptionalKinds: readonly NoticeKind[] = ['school', 'fees', 'applications']

/** The gateway as stored: everything but its secret. */
export type StoredTextGateway =
  | { kind: 'kannel', sendsmsUrl: string, username: string, from?: string, sendsPerSecond: number }
  | { kind: 'twilio', accountSid: string, from?: string, messagingServiceSid?: string, sendsPerSecond: number }

/** The school's settings row, written with the defaults the first time anything asks. */
export async function notificationSettingsRow(database: Database, schoolId: string): Promise<SettingsRow> {
  const [found] = await database.db.select().from(schoolNotificationSettings).where(eq(schoolNotificationSettings.schoolId, schoolId))
  if (found) return found
  await database.transaction(tx => tx.insert(schoolNotificationSettings).values({
    schoolId, digestTime: defaultDigestTime, optionalKinds: JSON.stringify(defaultOptionalKinds), textHookKey: randomBytes(24).toString('base64url'),
    updatedAt: timestampNow()
  }).onConflictDoNothing())
  const [made] = await database.db.select().from(schoolNotificationSettings).where(eq(schoolNotificationSettings.schoolId, schoolId))
  return made!
}

export function optionalKindsOf(row: Pick<SettingsRow, 'optionalKinds'>): NoticeKind[] {
  const kinds = JSON.parse(row.optionalKinds) as unknown
  return Array.isArray(kinds) ? noticeKinds.filter(kind => kinds.includes(kind)) : [...defaultOptionalKinds]
}

export function storedGateway(row: Pick<SettingsRow, 'textGateway'>): StoredTextGateway | undefined {
  return row.textGateway ? JSON.parse(row.textGateway) as StoredTextGateway : undefined
}

/** Where the gateway reaches Rollbook, naming the school by its hook key (docs/notifications.md, "Running Kannel beside Rollbook"). */
export function textHookUrls(row: Pick<SettingsRow, 'textHookKey'>) {
  const base = `${publicUrl()}/hooks/texts`
  return { incomingTextUrl: `${base}/incoming?key=${row.textHookKey}`, deliveryReportUrl: `${base}/report?key=${row.textHookKey}` }
}

/** The settings as the office reads them: the gateway without its secret (only whether one is set). */
export async function readNotificationSettings(ctx: Pick<DomainContext, 'database' | 'school'>) {
  const row = await notificationSettingsRow(ctx.database, ctx.school.id)
  const gateway = storedGateway(row)
  return {
    digestTime: row.digestTime,
    optionalKinds: optionalKindsOf(row),
    textGateway: gateway ? { ...gateway, secretSet: Boolean(row.textGatewaySecret) } : null,
    ...textHookUrls(row),
    pushPublicKey: (await vapidKeysOf(ctx.database, ctx.school.id)).publicKey
  }
}

/** The gateway's password or token as typed, or undefined when the office left it unchanged. */
function typedSecret(gateway: NonNullable<NotificationSettingsInput['textGateway']>): string | undefined {
  return gateway.kind === 'kannel' ? gateway.password : gateway.authToken
}

/**
 * Changes the settings. A gateway of the same kind keeps its stored secret when none is typed; a new
 * kind without one is `validation_failed` (it could never send). One write, recorded in the activity log
 * without the secret.
 */
export async function updateNotificationSettings(ctx: DomainContext, input: NotificationSettingsInput) {
  const row = await notificationSettingsRow(ctx.database, ctx.school.id)
  const before = storedGateway(row)
  let gateway: StoredTextGateway | null = null
  let secret: string | null = null
  if (input.textGateway) {
    const typed = typedSecret(input.textGateway)
    if (!typed && (before?.kind !== input.textGateway.kind || !row.textGatewaySecret)) {
      const field = input.textGateway.kind === 'kannel' ? 'password' : 'authToken'
      throw validationFailed([{ path: `textGateway.${field}`, message: 'Required: a new gateway needs its secret.' }])
    }
    const { password: _password, authToken: _authToken, ...kept } = input.textGateway as typeof input.textGateway & { password?: string, authToken?: string }
    gateway = kept as StoredTextGateway
    secret = typed ? await sealText(ctx.database, typed) : row.textGatewaySecret
  }
  await ctx.database.transaction(async (tx) => {
    await tx.update(schoolNotificationSettings).set({
      digestTime: input.digestTime, optionalKinds: JSON.stringify(noticeKinds.filter(kind => input.optionalKinds.includes(kind))),
      textGateway: gateway ? JSON.stringify(gateway) : null, textGatewaySecret: secret, updatedAt: timestampNow()
    }).where(eq(schoolNotificationSettings.schoolId, ctx.school.id))
    const after = { digestTime: input.digestTime, optionalKinds: input.optionalKinds, textGateway: gateway }
    const changes = changedFields({ digestTime: row.digestTime, optionalKinds: optionalKindsOf(row), textGateway: before ?? null }, after)
    // The secret itself is never recorded: only that it changed.
    if (input.textGateway && typedSecret(input.textGateway)) changes.textGatewaySecret = ['(kept)', '(changed)']
    await recordActivity(tx, ctx, {
      kind: 'notifications.changed', subjectType: 'school', subjectId: ctx.school.id,
      summary: `Notification settings changed: ${Object.keys(changes).join(', ') || 'nothing'}`, changes
    })
  })
  return readNotificationSettings(ctx)
}

/** The school's gateway with its secret opened, for the text worker; undefined when the school has none. */
export async function textGatewaySettings(database: Database, schoolId: string) {
  const row = await notificationSettingsRow(database, schoolId)
  const gateway = storedGateway(row)
  if (!gateway || !row.textGatewaySecret) return undefined
  return { gateway, secret: await openSealedText(database, row.textGatewaySecret), hookKey: row.textHookKey }
}

/** The school's VAPID keys (RFC 8292), made the first time anything asks and kept: browsers' subscriptions are bound to the public one. */
export async function vapidKeysOf(database: Database, schoolId: string): Promise<{ publicKey: string, privateKey: string }> {
  let row = await notificationSettingsRow(database, schoolId)
  if (!row.vapidPublicKey || !row.vapidPrivateKey) {
    const made = makeVapidKeys()
    const sealed = await sealText(database, made.privateKey)
    // Only where none is kept yet: two instances asking at once keep the first one's pair.
    await database.transaction(tx => keepVapidKeys(tx, schoolId, made.publicKey, sealed))
    row = await notificationSettingsRow(database, schoolId)
  }
  return { publicKey: row.vapidPublicKey!, privateKey: await openSealedText(database, row.vapidPrivateKey!) }
}

function keepVapidKeys(tx: Db, schoolId: string, publicKey: string, sealedPrivateKey: string) {
  return tx.update(schoolNotificationSettings).set({ vapidPublicKey: publicKey, vapidPrivateKey: sealedPrivateKey })
    .where(and(eq(schoolNotificationSettings.schoolId, schoolId), isNull(schoolNotificationSettings.vapidPublicKey)))
}
