import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { isE164 } from './e164'
import type { DeliveryReport, TextGateway, TextSendOutcome, TextToSend } from './text-gateway'

export interface TwilioSettings {
  kind: 'twilio'
  accountSid: string
  authToken: string
  /** The sender when a text names none; a messaging service, when given, chooses its own. */
  from?: string
  messagingServiceSid?: string
  /** The address Twilio posts a text's status to. */
  statusCallbackUrl?: (reference: string) => string
  /** Another origin for Twilio's API (https://api.twilio.com): a test's loopback server. */
  apiBaseUrl?: string
  timeoutMs?: number
}

export const twilioTimeoutMs = 10_000

// Twilio's error codes (https://www.twilio.com/docs/api/errors) are kept in the summary; its messages are not,
// since they quote the number ("The 'To' number +1... is not a valid phone number").
type TwilioFault = Error & { status?: number, code?: number | string }

/** Sends texts through Twilio's Messages API with the `twilio` package. */
export function twilioGateway(settings: TwilioSettings): TextGateway {
  let client: twilio.Twilio | undefined
  const clientOf = () => client ??= twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBaseUrl ? new RebasedRequestClient(settings.apiBaseUrl, settings.timeoutMs ?? twilioTimeoutMs) : undefined,
    timeout: settings.timeoutMs ?? twilioTimeoutMs,
    // Said here so that TWILIO_LOG_LEVEL=debug in the environment cannot make the package print a request's number and body.
    logLevel: 'info',
    autoRetry: false
  })
  return { kind: 'twilio', sendText: (text, signal) => sendThroughTwilio(settings, clientOf, text, signal) }
}

async function sendThroughTwilio(
  settings: TwilioSettings, clientOf: () => twilio.Twilio, text: TextToSend, signal?: AbortSignal
): Promise<TextSendOutcome> {
  if (!isE164(text.to)) return { accepted: false, permanent: true, summary: 'twilio: not sent, the number is not in E.164 form' }
  const from = text.from ?? settings.from
  if (!from && !settings.messagingServiceSid) {
    return { accepted: false, permanent: true, summary: 'twilio: not sent, no sender number or messaging service set' }
  }
  try {
    const sending = clientOf().messages.create({
      to: text.to,
      body: text.text,
      ...(settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : { from: from! }),
      ...(settings.statusCallbackUrl ? { statusCallback: settings.statusCallbackUrl(text.reference) } : {})
    })
    const message = signal ? await Promise.race([sending, abandonedBy(signal)]) : await sending
    return { accepted: true, providerId: message.sid }
  } catch (error) {
    if (signal?.aborted) return { accepted: false, permanent: false, summary: 'twilio: send abandoned' }
    return twilioOutcomeOf(error as TwilioFault)
  }
}

/**
 * A failed create as an outcome: a refusal of the request (400 with 21211 for an invalid To, 21610 for a
 * number that replied STOP to Twilio, 401 for the credentials) comes again; 429, 5xx and no answer may pass.
 */
export function twilioOutcomeOf(fault: TwilioFault): TextSendOutcome {
  if (typeof fault.status === 'number') {
    const transient = fault.status === 429 || fault.status >= 500
    const code = typeof fault.code === 'number' ? ` code ${fault.code}` : ''
    return { accepted: false, permanent: !transient, summary: `twilio ${fault.status}${code}` }
  }
  // No answer: axios's ECONNABORTED is its timeout; ECONNREFUSED, ECONNRESET and the like are the network's.
  const code = typeof fault.code === 'string' ? fault.code : fault.name
  return { accepted: false, permanent: false, summary: code === 'ECONNABORTED' ? 'twilio: no answer in time' : `twilio: ${code}` }
}

function abandonedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, fail) => {
    if (signal.aborted) fail(signal.reason)
    signal.addEventListener('abort', () => fail(signal.reason), { once: true })
  })
}

/** The package's own client, sending to another origin: Twilio's paths, auth and forms unchanged. */
class RebasedRequestClient extends twilio.RequestClient {
  private readonly origin: string

  constructor(origin: string, timeoutMs: number) {
    super({ timeout: timeoutMs, keepAlive: false })
    this.origin = origin
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const target = new URL(options.uri)
    return super.request({ ...options, uri: new URL(target.pathname + target.search, this.origin).href })
  }
}

/** Twilio's MessageStatus values as our report's states; `canceled` was never sent. */
const callbackStates: Record<string, DeliveryReport['state']> = {
  accepted: 'pending', scheduled: 'pending', queued: 'pending', sending: 'pending', sent: 'pending',
  delivered: 'delivered', read: 'delivered',
  undelivered: 'failed', failed: 'failed', canceled: 'failed'
}

/**
 * Reads Twilio's status callback (its form's MessageSid, MessageStatus and ErrorCode) for the delivery
 * `reference` its address named; null for a status Twilio has not documented.
 */
export function readTwilioStatusCallback(form: URLSearchParams | Record<string, unknown>, reference: string): DeliveryReport | null {
  const field = (name: string) => {
    const value = form instanceof URLSearchParams ? form.get(name) : form[name]
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const status = field('MessageStatus') ?? field('SmsStatus')
  if (!status || !(status in callbackStates)) return null
  const errorCode = field('ErrorCode')
  const providerId = field('MessageSid') ?? field('SmsSid')
  return {
    reference,
    state: callbackStates[status]!,
    summary: `twilio ${status}${errorCode && /^\d{1,6}$/.test(errorCode) ? ` code ${errorCode}` : ''}`,
    ...(providerId ? { providerId } : {})
  }
}

/**
 * Whether a callback carries Twilio's X-Twilio-Signature for the full `url` it was posted to and its form
 * `params`, signed with the account's auth token.
 */
export function verifyTwilioSignature(url: string, params: Record<string, string>, signature: string | undefined, authToken: string): boolean {
  if (!signature) return false
  return twilio.validateRequest(authToken, signature, url, params)
}
