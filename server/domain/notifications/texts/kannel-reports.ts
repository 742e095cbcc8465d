import type { DeliveryReport } from './text-gateway'

/** A query as H3's getQuery gives it, or as URLSearchParams. */
export type CallbackQuery = URLSearchParams | Record<string, unknown>

/**
 * Kannel's delivery report types (the `%d` of a dlr-url, one per call): the handset has it, it could
 * not be delivered, the SMSC holds it for later, the SMSC took it, the SMSC refused it.
 */
const reportStates: Record<string, DeliveryReport['state']> = {
  1: 'delivered',
  2: 'failed',
  4: 'pending',
  8: 'pending',
  16: 'failed'
}
const reportNames: Record<string, string> = { 1: 'delivered', 2: 'undeliverable', 4: 'buffered', 8: 'smsc-submit', 16: 'smsc-reject' }

function valueOf(query: CallbackQuery, name: string): string | undefined {
  const value = query instanceof URLSearchParams ? query.get(name) : query[name]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : undefined
}

/**
 * What the Kannel adapter appends to a dlr-url, beside `reference`: Kannel fills in the report's
 * type, the SMSC's answer and the SMSC's id for the message when it calls.
 */
export const kannelReportQuery = 'type=%d&answer=%A&message-id=%F'

/**
 * Reads the query of a call to the dlr-url the Kannel adapter gave (`reference` and `kannelReportQuery`);
 * null when it names no reference or no known type. Of the SMSC's answer only its `stat:` and `err:`
 * fields are kept: an SMPP receipt also quotes the start of the text.
 */
export function readKannelDeliveryReport(query: CallbackQuery): DeliveryReport | null {
  const reference = valueOf(query, 'reference')
  const type = valueOf(query, 'type')
  if (!reference || !type || !(type in reportStates)) return null
  const providerId = valueOf(query, 'message-id')
  const answer = valueOf(query, 'answer') ?? ''
  const fields = answer.match(/\b(stat|err):\S{1,16}/g) ?? []
  const summary = [`kannel ${type} ${reportNames[type]}`, ...fields].join(' ')
  return { reference, state: reportStates[type]!, summary, ...(providerId ? { providerId } : {}) }
}

/** A text a family sent to the school's number, as Kannel's sms-service get-url gives it. */
export interface IncomingText { from: string, to: string, text: string }

/**
 * Reads the query of Kannel's sms-service get-url (`from` = `%p`, `to` = `%P`, `text` = `%a`); null
 * without a sender. An empty text is kept: it is no STOP, and the caller decides what to say.
 */
export function readKannelIncomingText(query: CallbackQuery): IncomingText | null {
  const from = valueOf(query, 'from')
  if (!from) return null
  return { from, to: valueOf(query, 'to') ?? '', text: valueOf(query, 'text') ?? '' }
}

/** The query the sms-service get-url of a Kannel beside Rollbook appends to the incoming-text address (docs/notifications.md). */
export const kannelIncomingQuery = 'from=%p&to=%P&text=%a'
