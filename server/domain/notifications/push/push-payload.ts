import { z } from 'zod'
import { languageCodes } from '../../../../shared/languages'

/**
 * A push message is at most 4096 bytes once encrypted (RFC 8030, 7.2); the aes128gcm header (86 bytes),
 * its tag and padding delimiter leave 3993 for the text. A notice's push keeps well under that, at
 * 3 KB, so a service's own framing never pushes it over: the full notice is read in the portal.
 */
export const maximumPushPayloadBytes = 3 * 1024

/**
 * The portal page a push opens: the portal or a page under it, each segment a word or an id at most
 * (`/family/messages/msg_…`). The page, once signed in, shows the rest; a query or free text in the
 * address would be kept in the notification on the phone, so it is refused by form.
 */
const portalPath = z.string().regex(
  /^\/family(?:\/[A-Za-z0-9_-]{1,64}){0,3}$/,
  'A push opens a portal page: /family, then at most three segments of letters, digits, _ or -.'
)

const longestTitle = 120
const longestBody = 500

/**
 * What a notice's push carries, and no more: a phone shows it on a lock screen, so it says that there
 * is something to read, never a child's name or the notice itself; the service worker (public/sw.js)
 * shows `title` and `body` and opens `url`; `tag` replaces an earlier notification with the same tag.
 */
export const noticePushSchema = z.object({
  title: z.string().trim().min(1).max(longestTitle),
  body: z.string().trim().max(longestBody).optional(),
  url: portalPath,
  tag: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A tag is at most 64 letters, digits, _ or -.').optional(),
  // The language the words are in, so that the phone reads them out in the right voice.
  lang: z.string().refine(code => (languageCodes as readonly string[]).includes(code), 'Not a language Rollbook ships.').optional()
})

export type NoticePush = z.output<typeof noticePushSchema>

/** The bytes `payload` takes as the JSON a push sends. */
export function pushPayloadBytes(payload: object): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8')
}

/** Refusal when `payload` is larger than a push message may carry. */
export function pushPayloadSizeRefusal(payload: object): string | undefined {
  const bytes = pushPayloadBytes(payload)
  return bytes > maximumPushPayloadBytes ? `A push carries at most ${maximumPushPayloadBytes} bytes of JSON; this one is ${bytes}.` : undefined
}

/** `text` cut to `longest` characters, the last an ellipsis; never inside a surrogate pair. */
function shortened(text: string, longest: number): string {
  const characters = Array.from(text.trim())
  return characters.length <= longest ? text : `${characters.slice(0, longest - 1).join('')}…`
}

/**
 * A notice's push, checked for form and size, or why it cannot be sent. A long title or line is
 * shortened, not refused: the push only points to the portal, where the notice is read whole.
 */
export function noticePush(fields: z.input<typeof noticePushSchema>): { push: NoticePush } | { refused: string } {
  const parsed = noticePushSchema.safeParse({
    ...fields,
    title: shortened(fields.title, longestTitle),
    ...fields.body === undefined ? {} : { body: shortened(fields.body, longestBody) }
  })
  if (!parsed.success) return { refused: parsed.error.issues.map(issue => `${issue.path.join('.')}: ${issue.message}`).join(' ') }
  const tooLarge = pushPayloadSizeRefusal(parsed.data)
  return tooLarge ? { refused: tooLarge } : { push: parsed.data }
}
