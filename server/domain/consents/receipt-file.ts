import { Readable } from 'node:stream'
import type { DomainContext } from '../shared/context'
import { consentReceipt } from './consent-receipt'
import type { FoundAnswer } from './signed-answers'

export const receiptType = 'application/pdf'

/** A signed answer's receipt as a file to send: named by the answer's id, never by the child. */
export async function receiptFile(ctx: Pick<DomainContext, 'school'>, found: FoundAnswer) {
  const bytes = await consentReceipt(ctx, found)
  return { fileName: `consent-receipt-${found.row.id}.pdf`, contentType: receiptType, size: bytes.byteLength, body: Readable.from([Buffer.from(bytes)]) }
}
