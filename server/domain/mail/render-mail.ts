/*
 * Every mail Rollbook writes, in its reader's language: a subject, a plain-text part and an HTML part
 * made from the same blocks, and the language they are in (the `Content-Language` header). The words
 * are the translator's, in i18n/mail/<code>.json (docs/translating.md, "Mail"), held to the screens'
 * rules (i18n/check-messages.ts); no word of a mail is written here.
 */
import ar from '../../../i18n/mail/ar.json'
import en from '../../../i18n/mail/en.json'
import es from '../../../i18n/mail/es.json'
import zhHans from '../../../i18n/mail/zh-Hans.json'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'

export type MailWords = typeof en

/** Checked to have exactly English's keys by the build (modules/locale-check.ts) and tests/unit/i18n/locales.test.ts. */
const catalogue: Record<LanguageCode, MailWords> = { 'en': en, 'es': es, 'ar': ar, 'zh-Hans': zhHans }

/** One part of a mail's body, written the same in its text and HTML parts. */
export type MailBlock =
  /** A paragraph of the mail's own words, placeholders filled. */
  | { say: string }
  /** What someone at the school wrote (a message's body, the school's name): paragraphs at blank lines, direction its own. */
  | { written: string }
  /** A line of the mail's words, then an address on a line of its own. */
  | { label: string, link: string }
  /** The sender's name under a rule, as a signature. */
  | { signature: string }

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The language of the mail's own words: the `Content-Language` header and the HTML's `lang`. */
  language: LanguageCode
}

/** The mail words of a shipped language; English for any other tag. */
export function mailWords(language: string): MailWords {
  return catalogue[(shippedLanguage(language)?.code ?? defaultLanguage) as LanguageCode]
}

/** A message with its `{placeholders}` filled; a placeholder without a value is a fault of the caller, never sent as `{name}`. */
export function fillMailWords(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{\s*(\w+)\s*\}/g, (_whole, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`The mail message has a placeholder {${name}} without a value`)
    return value
  })
}

export const escapeMailHtml = (text: string) =>
  text.replace(/[&<>"']/g, ch => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' })[ch]!)

const writtenParagraphs = (text: string) => text.split(/\n{2,}/)

function blockText(block: MailBlock): string {
  if ('say' in block) return block.say
  if ('written' in block) return block.written
  if ('label' in block) return `${block.label}\n${block.link}`
  return `--\n${block.signature}`
}

// One element a line: a mail server may refold lines longer than 78 characters.
function blockHtml(block: MailBlock): string {
  if ('say' in block) return `<p>${escapeMailHtml(block.say)}</p>`
  if ('written' in block) {
    return writtenParagraphs(block.written).map(part => `<p dir="auto">${escapeMailHtml(part).replace(/\n/g, '<br>\n')}</p>`).join('\n')
  }
  if ('label' in block) return `<p>${escapeMailHtml(block.label)}<br>\n<a href="${escapeMailHtml(block.link)}">${escapeMailHtml(block.link)}</a></p>`
  return `<hr>\n<p dir="auto">${escapeMailHtml(block.signature)}</p>`
}

/**
 * A mail from its subject and blocks in `language` (a shipped code): the text part the blocks at blank
 * lines, the HTML part the same blocks as escaped paragraphs in a document whose `lang` and `dir` are
 * the language's, so an Arabic mail reads right to left.
 */
export function composeMail(language: string, subject: string, blocks: MailBlock[]): RenderedMail {
  const shipped = shippedLanguage(language) ?? shippedLanguage(defaultLanguage)!
  const code = shipped.code as LanguageCode
  const html = [
    '<!doctype html>',
    `<html lang="${code}" dir="${shipped.dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeMailHtml(subject)}</title>`,
    '</head>',
    '<body>',
    ...blocks.map(blockHtml),
    '</body>',
    '</html>',
    ''
  ].join('\n')
  return { subject, text: `${blocks.map(blockText).join('\n\n')}\n`, html, language: code }
}
