import type { z } from 'zod'
import { pageTranslator, wordListed } from '~~/i18n/problem-words'

/**
 * A form's schema whose problems are written in the page's language. The shared schemas word their own problems in
 * English (the server's answers are English); on a page in another language each one English's file lists is written
 * again as the server's are (i18n/problem-words.ts). zod's default words already follow the page (plugins/reader-words.ts).
 * UForm takes any Standard Schema, so the form validates exactly as before.
 */
export function useReaderSchema<S extends z.ZodType>(schema: MaybeRefOrGetter<S | undefined>) {
  return computed((): { '~standard': Omit<z.ZodType<z.output<S>, z.input<S>>['~standard'], 'jsonSchema'> } | undefined => {
    const inner = toValue(schema)
    if (!inner) return undefined
    return {
      '~standard': {
        version: 1,
        vendor: 'rollbook',
        async validate(value: unknown) {
          const result = await inner['~standard'].validate(value)
          const translate = pageTranslator()
          if (!result.issues || !translate) return result
          return { issues: result.issues.map(issue => ({ ...issue, message: wordListed(issue.message, translate) ?? issue.message })) }
        }
      }
    }
  })
}
