import { createServer, type Socket } from 'node:net'

/** A mail the receiver accepted: its envelope and its raw text (headers and body as sent). */
export interface ReceivedMail { from: string, to: string[], data: string }

export interface SmtpReceiver {
  url: string
  /** Mails accepted: those answered 250 after their data, on a connection still open. */
  mails: ReceivedMail[]
  close(): Promise<void>
}

export interface SmtpReceiverOptions {
  /** Recipients refused for good (550 at RCPT TO): a bounce. */
  bounce?: (address: string) => boolean
  /**
   * Called with a mail's data once it has all arrived and before it is answered; returning `drop`
   * closes the connection without an answer, so the sender cannot know whether it was accepted and
   * the mail is not counted (as a mail server that crashed before accepting).
   */
  beforeAccept?: (mail: ReceivedMail) => 'accept' | 'drop'
}

/**
 * A loopback SMTP server just large enough for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT; no TLS, no authentication), for tests of what the service emails.
 */
export function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`)
    }
    reply('220 localhost ESMTP test')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.data += buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          const mail = { ...current, data: current.data.replace(/^\.\./gm, '.') }
          current = { from: '', to: [], data: '' }
          if ((options.beforeAccept?.(mail) ?? 'accept') === 'drop') {
            socket.destroy()
            return
          }
          if (socket.destroyed) return
          mails.push(mail)
          reply('250 2.0.0 queued')
          continue
        }
        const end = buffer.indexOf('\r\n')
        if (end < 0) return
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250-localhost\r\n250 8BITMIME')
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') {
          if (verb === 'RSET') current = { from: '', to: [], data: '' }
          reply('250 OK')
        } else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? ''
          reply('250 OK')
        } else if (verb === 'RCPT') {
          const address = /<(.*)>/.exec(line)?.[1] ?? ''
          if (options.bounce?.(address)) reply('550 5.1.1 No such mailbox')
          else {
            current.to.push(address)
            reply('250 OK')
          }
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else reply('502 Command not implemented')
      }
    })
  })
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      done({
        url: `smtp://127.0.0.1:${port}`,
        mails,
        close: () => new Promise<void>((closed) => {
          for (const socket of sockets) socket.destroy()
          server.close(() => closed())
        })
      })
    })
  })
}

/** A received mail as a reader's mail client shows it: its headers (names in lower case), subject, and text and HTML parts decoded. */
export interface ReadMail { headers: Map<string, string>, subject: string, text: string, html: string }

function headerBlock(block: string): Map<string, string> {
  const unfolded = block.replace(/\r\n[ \t]+/g, ' ')
  return new Map(unfolded.split('\r\n').filter(Boolean).map((line) => {
    const colon = line.indexOf(':')
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const
  }))
}

/** Quoted-printable (RFC 2045) to UTF-8 text; `underscores` for an encoded word's Q encoding, where `_` is a space. */
function quotedPrintable(body: string, underscores = false): string {
  const text = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else if (underscores && text[i] === '_') bytes.push(0x20)
    else bytes.push(...Buffer.from(text[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** A header's encoded words (RFC 2047) decoded; the space between two of them is not part of the text. */
function decodedHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_whole, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data, true))
}

/** A part's body decoded, its lines ended by `\n` as the sender wrote them (SMTP carries `\r\n`). */
function decodedBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text = encoding === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? quotedPrintable(body) : body
  return text.replace(/\r\n/g, '\n')
}

/** Reads a mail nodemailer wrote: one part, or `multipart/alternative` with a text and an HTML part. */
export function readReceivedMail(mail: ReceivedMail): ReadMail {
  const split = mail.data.indexOf('\r\n\r\n')
  const headers = headerBlock(mail.data.slice(0, split))
  const body = mail.data.slice(split + 4)
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const pieces = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map((piece) => {
        const at = piece.indexOf('\r\n\r\n')
        return { headers: headerBlock(piece.slice(0, at).replace(/^\r\n/, '')), body: piece.slice(at + 4).replace(/\r\n$/, '') }
      })
    : [{ headers, body }]
  const parts = new Map(pieces.map(part => [
    (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase(), decodedBody(part.headers, part.body)
  ]))
  return { headers, subject: decodedHeader(headers.get('subject') ?? ''), text: parts.get('text/plain') ?? '', html: parts.get('text/html') ?? '' }
}
