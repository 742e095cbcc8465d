import type { NoticeKind } from '../../../shared/vocabulary'
import { defaultLanguage, type LanguageCode } from '../../../shared/languages'
import type { DomainContext } from '../shared/context'
import { DomainError } from '../shared/domain-error'
import { logger } from '../shared/log'
import { schoolLanguages } from '../schools/school-languages'
import { sendMessage } from '../messages/send-message'
import type { MessageText } from '../messages/message-version'

/** A notice: its kind, its audience (a group, or several for one notice), and its words in a language. */
export interface NoticeInput { kind: NoticeKind, audience: string | readonly string[], words: (language: LanguageCode) => MessageText }

/** A notice as sendMessage takes it: the school's own language, and a version in each other language it offers. */
export function noticeMessage(ctx: Pick<DomainContext, 'school'>, notice: NoticeInput) {
  const others = schoolLanguages(ctx.school).filter(code => code !== defaultLanguage) as LanguageCode[]
  return {
    ...notice.words(defaultLanguage), audience: typeof notice.audience === 'string' ? [notice.audience] : [...notice.audience], kind: notice.kind,
    versions: others.map(language => ({ language, ...notice.words(language) }))
  }
}

/**
 * A notice Rollbook writes itself when the office's work moves on (a fee version published, an
 * application's step; docs/notifications.md, "Fee statements and application steps"): a message of
 * `kind` to one audience group, through sendMessage, so each adult's choices, the digest, texts, pushes
 * and the standing the kind asks all hold as for any message. It is in the school's own language with a
 * version in each other language the school offers, so every adult reads it in theirs.
 *
 * Called once the step has committed: sendMessage writes in a transaction of its own and reads whom to
 * tell outside it, where the step's own rows are seen only once committed. So a step is never half
 * written for its notice, and a notice never goes for a step that did not happen. Nobody to tell
 * (`audience_empty`) is no fault of the step: null, and nothing written. Nor is a notice that could not
 * be written (the database busy past its wait): the step has committed, and an error answer would have
 * the office repeat a step already taken; it is logged (kind and ids only) and null.
 */
export async function sendNotice(ctx: DomainContext, notice: NoticeInput) {
  try {
    // Without the request's withinWrite: it keeps the step's answer for an idempotent retry, and the step's own write has kept it.
    return await sendMessage({ ...ctx, withinWrite: undefined }, noticeMessage(ctx, notice))
  } catch (error) {
    if (error instanceof DomainError && error.code === 'audience_empty') return null
    logger.error({ schoolId: ctx.school.id, kind: notice.kind, audience: [notice.audience].flat()[0]?.split(':')[0],
      fault: error instanceof Error ? error.name : typeof error }, 'a notice of a step already taken could not be written')
    return null
  }
}
