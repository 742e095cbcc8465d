import type { FormError } from '@nuxt/ui'
import { codeLine, pageTranslator, wordFieldProblem, wordSentence } from '../i18n/problem-words'

interface Envelope { statusMessage?: string, data?: { code?: string, detail?: string[], fields?: { path: string, message: string }[] } }

/**
 * The error envelope of a failed $fetch: its code, one line to show, and its field problems for a UForm, in the
 * page's language (the server writes English: i18n/problem-words.ts words them again).
 */
export function apiErrorOf(error: unknown) {
  const envelope = ((error as { data?: Envelope })?.data ?? {}) as Envelope
  const code = envelope.data?.code ?? 'internal'
  const translate = pageTranslator()
  const sentences = envelope.data?.detail?.filter(Boolean) ?? []
  // Without the server's sentences (a failure that never reached it, or a bare status) the code's own line is said.
  const message = translate
    ? sentences.map(sentence => wordSentence(sentence, code, translate)).join(' ') || codeLine(code, translate)
    : sentences.join(' ') || envelope.statusMessage || 'Something went wrong; try again.'
  const fields: FormError[] = (envelope.data?.fields ?? [])
    .map(field => ({ name: field.path, message: translate ? wordFieldProblem(field.message, translate) : field.message }))
  return { code, message, fields }
}
