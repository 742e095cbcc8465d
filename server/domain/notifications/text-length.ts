import { countTextSegments } from './texts/text-segments'
import { noticeText } from './notice-words'
import { publicUrl } from '../shared/public-url'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'
import type { DomainContext } from '../shared/context'

/** A message's link as a text carries it: the id's length is fixed (`msg_` and twenty characters). */
const sampleLink = () => `${publicUrl()}/family/messages/msg_${'x'.repeat(20)}`

/**
 * What each language's text of a message will cost before it is sent (docs/notifications.md, "Text
 * messages"): the text exactly as the worker writes it (notice-words.ts), GSM-7 or UCS-2, and its parts.
 */
export function textLengths(
  ctx: Pick<DomainContext, 'school'>, input: { subject: string, emergency?: boolean, versions?: { language: string, subject: string }[] }
) {
  const texts = [{ language: defaultLanguage, subject: input.subject }, ...(input.versions ?? [])]
  return {
    texts: texts.map(({ language, subject }) => {
      const code = (shippedLanguage(language)?.code ?? defaultLanguage) as LanguageCode
      const text = noticeText(code, { school: ctx.school.name, subject, link: sampleLink(), emergency: input.emergency ?? false })
      const counted = countTextSegments(text)
      return { language: code, characters: [...text].length, encoding: counted.encoding, segments: counted.segments }
    })
  }
}
