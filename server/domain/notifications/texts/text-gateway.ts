export interface TextToSend {
  /** E.164. */
  to: string
  /** The sender the gateway shows; the gateway's own when not given. */
  from?: string
  text: string
  /** Our delivery's id: it comes back in the gateway's delivery reports. */
  reference: string
}

/**
 * `accepted`: handed to the gateway, which may still report a failure later. Otherwise `permanent` when
 * sending the same text again cannot help; `summary` is the status or code and the gateway's first
 * line, never the number or the text.
 */
export type TextSendOutcome =
  | { accepted: true, providerId?: string }
  | { accepted: false, permanent: boolean, summary: string }

/** A school's SMS gateway: Kannel beside the school, or a hosted provider. */
export interface TextGateway {
  readonly kind: 'kannel' | 'twilio'
  sendText(text: TextToSend, signal?: AbortSignal): Promise<TextSendOutcome>
}

/** What a gateway later says of a text it accepted; `summary` follows the same rule as a send's. */
export interface DeliveryReport {
  reference: string
  providerId?: string
  state: 'delivered' | 'failed' | 'pending'
  summary?: string
}
