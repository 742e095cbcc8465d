import { stringify } from 'csv-stringify/sync'
import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { stageSync } from '../../imports/stage-sync'
import { applySyncRunNow } from '../../imports/apply-sync'
import { workerOwner } from '../../workers/worker-driver'
import { recordEnquiry } from '../../enquiries/record-enquiry'
import { issueToken } from '../../tokens/manage-tokens'
import { createWebhookSubscription } from '../../webhooks/subscriptions'
import { sendTestWebhook } from '../../webhooks/test-delivery'
import { deliverDueWebhooks } from '../../webhooks/delivery-worker'
import { destinationPolicy } from '../../webhooks/destinations'
import { demoFamilyNames, demoGivenNames } from './demo-names'

/** The system the demo's sync comes from: its own name, so a sync the visitor stages from `sis` does not wait behind it. */
export const demoSyncSystem = 'demo-sis'
/**
 * Where the demo's webhook subscription sends: the discard port on the machine's own loopback, where nothing
 * listens, so the connection is refused at once and nothing leaves the machine.
 */
export const demoWebhookUrl = 'http://127.0.0.1:9/rollbook-demo'
const newStarters = 12

/**
 * A people sync from the school's enrolment system, its first run, which pauses for somebody to confirm it
 * (docs/imports.md): twelve new starters in the first year level, waiting on the imports screen.
 */
async function seedPausedSync(ctx: DomainContext) {
  const year = Number(todayInZone(ctx.school.timeZone).slice(0, 4))
  const rows = Array.from({ length: newStarters }, (_, i) => [
    `NEW${String(i + 1).padStart(3, '0')}`, demoFamilyNames[(i * 7) % demoFamilyNames.length]!, demoGivenNames[(i * 11) % demoGivenNames.length]!,
    `${year - 5}-0${(i % 9) + 1}-1${i % 10}`, ctx.school.lists.yearLevels[0]!
  ])
  const file = stringify([['id', 'familyName', 'givenNames', 'dateOfBirth', 'yearLevel'], ...rows])
  const { run } = await stageSync(ctx, { system: demoSyncSystem, scope: 'changes', file })
  await applySyncRunNow(ctx.database, run.id, workerOwner())
  return run.id
}

/**
 * A webhook subscription to a receiver that is not there (demoWebhookUrl), sent a test delivery that the
 * delivery worker tried once and recorded as failed, to be tried again on the retry schedule
 * (docs/webhooks.md). Loopback addresses are refused unless `WEBHOOKS_ALLOW_PRIVATE=true`: the demo's
 * subscription and first attempt allow them, and the server's own later attempts fail on that refusal
 * without connecting anywhere. A failed delivery holds its subscription until its retry, so the server's log
 * notes one attempt at each: a minute later, then two, then four, until it is given up after about a day.
 */
async function seedFailingWebhook(ctx: DomainContext) {
  const policy = { ...destinationPolicy(), allowPrivate: true }
  const token = await issueToken(ctx, { purpose: 'Demo: the webhook receiver that is not there', scopes: ['person.read'], expiresInDays: 30 })
  const subscription = await createWebhookSubscription(ctx, { url: demoWebhookUrl, kinds: ['person.created', 'person.updated'], tokenId: token.id }, policy)
  await sendTestWebhook(ctx, subscription.id)
  await deliverDueWebhooks(ctx.database, { schoolIds: [ctx.school.id], policy })
  return subscription.id
}

/** The demo's integrations and front office: a paused sync run, a webhook that failed, and an email enquiry nobody has answered yet. */
export async function seedDemoIntegrations(ctx: DomainContext) {
  const year = Number(todayInZone(ctx.school.timeZone).slice(0, 4))
  const syncRunId = await seedPausedSync(ctx)
  const enquiry = await recordEnquiry(ctx, {
    student: { familyName: 'Moreau', givenNames: 'Elodie' },
    enquirer: { familyName: 'Moreau', givenNames: 'Camille', email: 'camille.moreau@example.org', relationship: 'mother' },
    channel: 'email', intendedEntryYear: year + 1
  })
  const webhookSubscriptionId = await seedFailingWebhook(ctx)
  return { syncRunId, enquiryId: enquiry.id, webhookSubscriptionId }
}
