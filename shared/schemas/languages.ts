import { z } from 'zod'
import { defaultLanguage, languageCodes, shippedLanguage } from '../languages'
import { plainLineRefusal, type TextRefusal } from '../plain-text'
import { refusalParam } from './common'

/*
 * Languages as requests carry them: an adult's preferred language and the school's `languages`
 * setting. The form and the route read these same schemas; whether the school offers a tag is the
 * domain's question (server/domain/people/preferred-language.ts), since only it knows the school.
 */

/** Longest tag a shipped language has, with room: BCP 47 tags of the languages Rollbook could ship stay well under it. */
export const languageTagMaxLength = 35

const tagShape = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/

/**
 * Why a value is not a shipped language's tag, one reason only (the first of: a control or invisible
 * character, by the one plain-text rule; over 35 characters; not shaped like a tag; not shipped), or
 * none. One reason, so a field is told once: the request reader's control-character problem has the
 * same words.
 */
export function languageTagRefusal(value: string): Pick<TextRefusal, 'code' | 'message'> | undefined {
  const plain = plainLineRefusal(value)
  if (plain) return plain
  if (value.length > languageTagMaxLength) return { code: 'validation_failed', message: `At most ${languageTagMaxLength} characters.` }
  if (!tagShape.test(value)) return { code: 'validation_failed', message: 'Not a language tag (BCP 47, such as es or zh-Hans).' }
  if (!shippedLanguage(value)) return { code: 'validation_failed', message: `Rollbook speaks ${languageCodes.join(', ')}.` }
  return undefined
}

/** A shipped language's BCP 47 tag, in any case (`zh-hans` is `zh-Hans`), or one reason beside the field. */
export const languageTag = z.string().check((ctx) => {
  const refusal = languageTagRefusal(ctx.value)
  if (refusal) ctx.issues.push({
    code: 'custom', input: ctx.value, message: refusal.message,
    ...(refusal.code === 'bad_request' ? { params: { [refusalParam]: 'bad_request' } } : {})
  })
}).meta({
  examples: ['es'], maxLength: languageTagMaxLength, pattern: tagShape.source,
  description: `A BCP 47 tag, one of the languages the school offers (of ${languageCodes.join(', ')}).`
})

/** An adult's preferred language, or null for the school's own. */
export const preferredLanguageChangeSchema = z.strictObject({ preferredLanguage: languageTag.nullable() })
export type PreferredLanguageChange = z.input<typeof preferredLanguageChangeSchema>

/** The languages a school offers: shipped tags, each once; English is always offered, whether or not it is sent. */
export const schoolLanguagesSchema = z.array(languageTag).max(languageCodes.length * 2)
  .refine(tags => new Set(tags.map(tag => shippedLanguage(tag)?.code)).size === tags.length, 'Each language once.')
  .describe(`Always includes ${defaultLanguage}.`)
