import { defineEventHandler, setResponseHeader } from 'h3'
import { mailIsSent, readOutbox } from '../../domain/mail/send-mail'
import { isOwnMachineRequest } from '../../utils/client-address'
import { apiError } from '../../utils/errors'
import { useDatabase } from '../../utils/database'
import { defaultLanguage, shippedLanguage } from '../../../shared/languages'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)

/**
 * The development outbox: the mail this server would have sent. It exists only while no SMTP server
 * is configured, and answers only a browser on this machine (`isOwnMachineRequest`: loopback peer,
 * loopback host, no forwarding header), since its mail holds sign-in codes. Otherwise it is
 * `not_found` like any unknown path.
 */
export default defineEventHandler(async (event) => {
  if (mailIsSent() || !isOwnMachineRequest(event)) {
    throw apiError('not_found', ['There is no development outbox: mail is sent through SMTP, or this is not the server\'s own machine.'])
  }
  const mails = await readOutbox(await useDatabase())
  setResponseHeader(event, 'Content-Type', 'text/html; charset=utf-8')
  setResponseHeader(event, 'Cache-Control', 'no-store')
  const items = mails.map((mail) => {
    // Mail kept before it was translated has no language: it is English.
    const language = shippedLanguage(mail.language ?? defaultLanguage) ?? shippedLanguage(defaultLanguage)!
    const words = `lang="${language.code}" dir="${language.dir}"`
    return `<article><h2 ${words}>${escapeHtml(mail.subject)}</h2><p class="meta">To <span class="to">${escapeHtml(mail.to)}</span>, `
      + `${escapeHtml(mail.createdAt)}, in <span ${words}>${escapeHtml(language.nativeName)}</span></p><pre ${words}>${escapeHtml(mail.text)}</pre></article>`
  })
  const style = 'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111;background:#fff}'
    + 'article{border-top:1px solid #ccc;padding:.5rem 0}.meta{color:#333}pre{white-space:pre-wrap;overflow-wrap:anywhere}.to{overflow-wrap:anywhere}'
  const empty = '<p>No mail yet. Ask for a sign-in code on the <a href="/sign-in">sign-in page</a>.</p>'
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>Development outbox · Rollbook</title>\n<style>${style}</style></head>\n`
    + '<body><main><h1>Development outbox</h1><p>No SMTP server is configured (<code>SMTP_URL</code>), so mail is written here and to the server log '
    + 'instead of being sent. Newest first.</p>\n'
    + `${items.join('\n') || empty}</main></body></html>`
})
