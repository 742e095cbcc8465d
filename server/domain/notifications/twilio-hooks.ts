/**
 * Twilio's calls to Rollbook (docs/notifications.md, "Text messages"): the status callback a text went
 * with and a family's reply to the school's Twilio number, both posted as forms to the addresses Kannel's
 * calls use. A call is taken only with Twilio's signature over the address and form under the school's
 * auth token (`X-Twilio-Signature`); anything else is `not_found`, as an unknown address is, so a forged
 * STOP or report changes nothing.
 */
import type { Database } from '../../../db/client'
import { domainError } from '../shared/domain-error'
import { textGatewaySettings } from './notification-settings'
import { readTwilioStatusCallback, verifyTwilioSignature } from './texts/twilio-gateway'
import { receiveTextReply, recordDeliveryReport } from './text-replies'

export interface TwilioCall { url: string, form: Record<string, string>, signature: string | undefined }

async function checkedCall(database: Database, schoolId: string, call: TwilioCall) {
  const settings = await textGatewaySettings(database, schoolId)
  if (settings?.gateway.kind !== 'twilio' || !verifyTwilioSignature(call.url, call.form, call.signature, settings.secret)) {
    throw domainError('not_found', ['No such address.'])
  }
}

export async function receiveTwilioStatus(database: Database, schoolId: string, reference: string | undefined, call: TwilioCall) {
  await checkedCall(database, schoolId, call)
  const report = reference ? readTwilioStatusCallback(call.form, reference) : null
  return report ? recordDeliveryReport(database, schoolId, report) : 'unchanged'
}

export async function receiveTwilioReply(database: Database, schoolId: string, call: TwilioCall) {
  await checkedCall(database, schoolId, call)
  return receiveTextReply(database, schoolId, { from: call.form.From ?? '', text: call.form.Body ?? '' })
}
