import { z } from 'zod'
import { defaultLanguage, languageCodes, shippedLanguage } from '../languages'

/*
 * Languages as requests carry them: an adult's preferred language and the school's `languages`
 * setting. The form and the route read these same schemas; whether the school offers a tag is the
 * domain's question (server/domain/people/preferred-language.ts), since only it knows the school.
 */

/** Longest tag a shipped language has, with room: BCP 47 tags of the languages Rollbook could ship stay well under it. */
export const languageTagMaxLength = 35

/**
 * A shipped language's BCP 47 tag, in any case (`zh-hans` is `zh-Hans`): an unknown tag, one with a
 * control or invisible character, or one over 35 characters is refused naming the field.
 */
export const languageTag = z.string()
  .max(languageTagMaxLength, { error: `At most ${languageTagMaxLength} characters.`, abort: true })
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, { error: 'Not a language tag (BCP 47, such as es or zh-Hans).', abort: true })
  .refine(tag => shippedLanguage(tag) !== undefined, `Rollbook speaks ${languageCodes.join(', ')}.`)
  .meta({ examples: ['es'], description: `A BCP 47 tag, one of the languages the school offers (of ${languageCodes.join(', ')}).` })

/** An adult's preferred language, or null for the school's own. */
export const preferredLanguageChangeSchema = z.strictObject({ preferredLanguage: languageTag.nullable() })
export type PreferredLanguageChange = z.input<typeof preferredLanguageChangeSchema>

/** The languages a school offers: shipped tags, each once; English is always offered, whether or not it is sent. */
export const schoolLanguagesSchema = z.array(languageTag).max(languageCodes.length * 2)
  .refine(tags => new Set(tags.map(tag => shippedLanguage(tag)?.code)).size === tags.length, 'Each language once.')
  .describe(`Always includes ${defaultLanguage}.`)
