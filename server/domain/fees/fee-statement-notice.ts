import type { DomainContext } from '../shared/context'
import { publicUrl } from '../shared/public-url'
import { sendNotice } from '../notifications/send-notice'
import { feeStatementWords } from '../notifications/notice-words'
import { requireFeeVersion } from './read-fees'

/**
 * Tells the payers of a version just published that their statement is ready (a notice of kind `fees`,
 * sendNotice): each adult paying a part of a student's statement in a period it charges, with `billing`
 * standing on that student, as the portal's Fees shows them (payersOfFeeVersion). The subject names no
 * child and no amount; the body the schedule and the portal's Fees. Null when nobody is to be told.
 */
export async function noticeFeeStatements(ctx: DomainContext, versionId: string) {
  const { schedule } = await requireFeeVersion(ctx, versionId)
  return sendNotice(ctx, {
    kind: 'fees', audience: `payers:${versionId}`,
    words: language => feeStatementWords(language, { schedule: schedule.name, link: `${publicUrl()}/family/fees` })
  })
}
