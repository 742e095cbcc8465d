import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib'
import { defaultLanguage, intlLocale, type LanguageCode } from '../../../shared/languages'
import { formatInstant } from '../../../shared/school-time'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { mailWords } from '../mail/render-mail'
import { formAnswersOf, wordsNow, type FoundAnswer } from './signed-answers'
import { shownBytes } from './signed-words'

const pageSize: [number, number] = [595.28, 841.89]
const margin = 56
const fontSize = 10
const lineGap = 14

/**
 * A signed answer's receipt (docs/consents.md, "Receipts"): a PDF of one or more A4 pages naming the school,
 * the ask, the child, the answer, who signed, when (in the school's zone), from where, the ask's words and the
 * statement ticked, the form's answers and
 * the SHA-256 of what was shown, with those exact words attached as `shown.json`, so anyone can hash them and
 * compare. Made with pdf-lib's standard fonts, which write Latin text; the labels are in the language shown
 * where those fonts can write it, else the school's, and a character they cannot write is printed `?` (the
 * attachment keeps every character). The document holds no script, form or action: text and one attachment.
 */
export async function consentReceipt(ctx: Pick<DomainContext, 'school'>, found: FoundAnswer): Promise<Uint8Array> {
  const { row } = found
  if (!row.shownHash) throw domainError('not_found', ['This answer was not signed: it has no receipt.'])
  const document = await PDFDocument.create({ updateMetadata: false })
  const font = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  const shownIn = row.shownLanguage as LanguageCode
  const language = writable(font, Object.values(mailWords(shownIn).consentSignature.receipt).join('')) ? shownIn : defaultLanguage
  const words = mailWords(language).consentSignature.receipt
  const clock = { locale: intlLocale(language), timeZone: ctx.school.timeZone }
  const lines: [string, string][] = [
    [words.school, ctx.school.name],
    [words.record, row.id],
    [words.ask, found.purpose.name],
    ...found.ask.subject ? [[words.subject, found.ask.subject] as [string, string]] : [],
    [words.child, `${found.child.givenNames} ${found.child.familyName}`],
    [words.answer, row.answer === 'yes' ? words.yes : words.no],
    [words.signedBy, `${found.adult.givenNames} ${found.adult.familyName}`],
    [words.typedName, row.signedName ?? ''],
    [words.signedAt, formatInstant(row.createdAt, clock, 'dateTimeZone')],
    [words.address, row.signedAddress ?? ''],
    [words.browser, row.signedBrowser ?? ''],
    [words.account, row.signedAccountId ?? ''],
    [words.language, row.shownLanguage ?? '']
  ]
  await document.attach(new TextEncoder().encode(shownBytes(wordsNow(found))), 'shown.json', {
    mimeType: 'application/json', description: 'The words shown when signing; their SHA-256 is the receipt\'s hash.'
  })
  document.setTitle(words.title)
  // Also outside the page's compressed text, so a program reads the hash without laying out the page.
  document.setSubject(`SHA-256 ${row.shownHash}`)
  document.setProducer('Rollbook')
  document.setCreator('Rollbook')

  let page = document.addPage(pageSize)
  let y = pageSize[1] - margin
  const write = (text: string, options: { font?: PDFFont, size?: number, indent?: number } = {}) => {
    const size = options.size ?? fontSize
    for (const line of wrapped(printable(options.font ?? font, text), options.font ?? font, size, pageSize[0] - 2 * margin - (options.indent ?? 0))) {
      if (y < margin) {
        page = document.addPage(pageSize)
        y = pageSize[1] - margin
      }
      page.drawText(line, { x: margin + (options.indent ?? 0), y, size, font: options.font ?? font })
      y -= size + (lineGap - fontSize)
    }
  }
  write(words.title, { font: bold, size: 16 })
  y -= 8
  for (const [label, value] of lines) {
    write(label, { font: bold })
    write(value, { indent: 12 })
  }
  const shownNow = wordsNow(found)
  if (shownNow.text) {
    y -= 6
    write(words.text, { font: bold })
    write(shownNow.text, { indent: 12 })
  }
  write(words.statement, { font: bold })
  write(shownNow.statement, { indent: 12 })
  const answers = formAnswersOf(found)
  if (answers.length) {
    y -= 6
    write(words.answers, { font: bold, size: 12 })
    for (const answer of answers) {
      write(answer.label, { font: bold })
      write(typeof answer.value === 'boolean' ? answer.value ? words.yes : words.no : String(answer.value ?? ''), { indent: 12 })
    }
  }
  y -= 6
  write(words.hash, { font: bold, size: 12 })
  write(row.shownHash, { font: await document.embedFont(StandardFonts.Courier) })
  y -= 4
  write(words.attached)
  return document.save({ useObjectStreams: false })
}

/** Whether the font can write every character of the text. */
function writable(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text)
    return true
  } catch {
    return false
  }
}

/** The text with each character the font cannot write as `?`, and no control character (a line break is a space). */
function printable(font: PDFFont, text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ')
  if (writable(font, flat)) return flat
  return [...flat].map(char => writable(font, char) ? char : '?').join('')
}

/** The text in lines no wider than `width` points, broken at spaces (a word longer than a line is broken where it must). */
function wrapped(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = word
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
      lines.push(line.slice(0, cut))
      line = line.slice(cut)
    }
  }
  lines.push(line)
  return lines
}
