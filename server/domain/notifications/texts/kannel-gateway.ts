import { isE164 } from './e164'
import { kannelReportQuery } from './kannel-reports'
import { countTextSegments } from './text-segments'
import type { TextGateway, TextSendOutcome, TextToSend } from './text-gateway'

export interface KannelSettings {
  kind: 'kannel'
  /** Kannel's sendsms address, e.g. http://127.0.0.1:13013/cgi-bin/sendsms. */
  sendsmsUrl: string
  username: string
  password: string
  /** The sender shown when a text names none. */
  from?: string
  /** The address Kannel reports a text's delivery to; the adapter adds `reference` (when absent) and Kannel's fields. */
  deliveryReportUrl?: (reference: string) => string
  timeoutMs?: number
}

/** A Kannel on the school's network answers at once or is in trouble; the worker retries later either way. */
export const kannelTimeoutMs = 10_000

// Kannel's `dlr-mask`: the outcomes only (delivered 1, undeliverable 2, rejected by the SMSC 16). Not "buffered" (4) nor
// "submitted to the SMSC" (8), which change nothing the office sees and would double the calls to the server while an
// emergency's texts go (docs/performance.md, "Notifications"); the report of an outcome carries the SMSC's id as well.
const outcomeReports = 1 + 2 + 16

/** Sends texts through Kannel's HTTP sendsms interface (one GET per text; Kannel splits and joins long ones). */
export function kannelGateway(settings: KannelSettings): TextGateway {
  return { kind: 'kannel', sendText: (text, signal) => sendThroughKannel(settings, text, signal) }
}

/** The sendsms address for one text: UCS-2 (`coding=2`) when GSM-7 cannot carry it, with its delivery report address. */
export function kannelSendsmsRequest(settings: KannelSettings, text: TextToSend): URL {
  const url = new URL(settings.sendsmsUrl)
  const from = text.from ?? settings.from
  url.searchParams.set('username', settings.username)
  url.searchParams.set('password', settings.password)
  url.searchParams.set('to', text.to)
  if (from) url.searchParams.set('from', from)
  url.searchParams.set('text', text.text)
  url.searchParams.set('charset', 'UTF-8')
  url.searchParams.set('coding', countTextSegments(text.text).encoding === 'ucs2' ? '2' : '0')
  if (settings.deliveryReportUrl) {
    url.searchParams.set('dlr-mask', String(outcomeReports))
    url.searchParams.set('dlr-url', deliveryReportAddress(settings.deliveryReportUrl(text.reference), text.reference))
  }
  return url
}

// Kannel's escapes (%d, %A, %F) must reach Kannel as they are, so they are appended as text, not through
// URLSearchParams, which would escape the `%`. The whole address is escaped once more as sendsms's dlr-url parameter.
function deliveryReportAddress(address: string, reference: string): string {
  const withReference = new URL(address)
  if (!withReference.searchParams.has('reference')) withReference.searchParams.set('reference', reference)
  return `${withReference.href}&${kannelReportQuery}`
}

async function sendThroughKannel(settings: KannelSettings, text: TextToSend, signal?: AbortSignal): Promise<TextSendOutcome> {
  if (!isE164(text.to)) return { accepted: false, permanent: true, summary: 'kannel: not sent, the number is not in E.164 form' }
  const timeoutMs = settings.timeoutMs ?? kannelTimeoutMs
  const deadline = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetch(kannelSendsmsRequest(settings, text), {
      signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
      redirect: 'manual'
    })
    return kannelOutcomeOf(response.status, await response.text())
  } catch (error) {
    if (deadline.aborted) return { accepted: false, permanent: false, summary: `kannel: no answer within ${timeoutMs / 1000} s` }
    if (signal?.aborted) return { accepted: false, permanent: false, summary: 'kannel: send abandoned' }
    return { accepted: false, permanent: false, summary: `kannel: ${networkFaultOf(error)}` }
  }
}

/**
 * Kannel's answer as an outcome: 202 "0: Accepted for delivery" or "3: Queued for later delivery" is
 * taken; a refusal (403 "Authorization failed", 400 "Invalid receiver" or a number a list denies) comes
 * again if sent again; 5xx ("Sending failed", bearerbox gone) may pass.
 */
export function kannelOutcomeOf(status: number, answer: string): TextSendOutcome {
  if (status >= 200 && status < 300) return { accepted: true }
  const firstLine = withoutNumbers(answer.split(/\r?\n/, 1)[0]!.trim()).slice(0, 120)
  const summary = `kannel ${status}${firstLine ? `: ${firstLine}` : ''}`
  const transient = status >= 500 || status === 408 || status === 429 || status < 200
  return { accepted: false, permanent: !transient, summary }
}

// A gateway's answer may one day quote the receiver: a run of digits that could be a number is never kept.
function withoutNumbers(line: string): string {
  return line.replace(/\+?\d[\d\s-]{4,}\d/g, '[number]')
}

function networkFaultOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  const code = typeof cause === 'object' && cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined
  return code ?? (error instanceof Error ? error.name : 'request failed')
}
