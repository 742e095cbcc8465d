import { countTextSegments } from './texts/text-segments'
import { noticeText } from './notice-words'
import { publicUrl } from '../shared/public-url'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'
import type { DomainContext } from '../shared/context'
import { notificationSettingsRow, storedGateway } from './notification-settings'

/** A message's link as a text carries it: the id's length is fixed (`msg_` and twenty characters). */
const sampleLink = () => `${publicUrl()}/family/messages/msg_${'x'.repeat(20)}`

/**
 * What each language's text of a message will cost before it is sent (docs/notifications.md, "Text
 * messages"): the text exactly as the worker writes it (notice-words.ts), GSM-7 or UCS-2, and its parts;
 * and whether the school has a text gateway, as the fan-out decides (fan-out.ts): without one no text goes,
 * and the composer shows no cost. The office writing may not hold `settings.manage`, so it is said here.
 */
export async function textLengths(
  ctx: Pick<DomainContext, 'database' | 'school'>, input: { subject: string, emergency?: boolean, versions?: { language: string, subject: string }[] }
) {
  const texts = [{ language: defaultLanguage, subject: input.subject }, ...(input.versions ?? [])]
  return {
    textGateway: Boolean(storedGateway(await notificationSettingsRow(ctx.database, ctx.school.id))),
    texts: texts.map(({ language, subject }) => {
      const code = (shippedLanguage(language)?.code ?? defaultLanguage) as LanguageCode
      const text = noticeText(code, { school: ctx.school.name, subject, link: sampleLink(), emergency: input.emergency ?? false })
      const counted = countTextSegments(text)
      return { language: code, characters: [...text].length, encoding: counted.encoding, segments: counted.segments }
    })
  }
}
