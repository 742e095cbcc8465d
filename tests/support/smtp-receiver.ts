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
