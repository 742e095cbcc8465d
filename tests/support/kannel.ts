/**
 * A real Kannel for a test file: bearerbox, smsbox and Kannel's test SMS centre (fakesmsc) on loopback
 * ports of their own, configured in a temporary folder. fakesmsc prints what bearerbox sends it (one
 * "Got message N: <from to type data>" line per SMS, on stderr); in interactive mode (no messages on its
 * command line) it sends each line written to its stdin as a text from a handset. Start it in `beforeAll`
 * and stop it in `afterAll`: each process leads a group of its own and is noted (tests/support/test-processes.ts).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnGroup, stopGroup } from '../../scripts/process-groups'
import { noteProcess } from './test-processes'

export const kannelBinaries = { bearerbox: '/usr/sbin/bearerbox', smsbox: '/usr/sbin/smsbox', fakesmsc: '/usr/lib/kannel/test/fakesmsc' }

/** A text as it reached the SMS centre: a concatenated one joined from its parts. */
export interface ReceivedText { from: string, to: string, text: string, parts: number }

export interface KannelOptions {
  /** Where smsbox sends texts from handsets (its sms-service get-url); `from`, `to` and `text` are appended to its query. */
  incomingUrl?: string
}

export interface Kannel {
  sendsmsUrl: string
  username: string
  password: string
  received(): ReceivedText[]
  /** Resolves with what has arrived once `count` texts have, or fails after `timeoutMs` naming what did. */
  waitForReceived(count: number, timeoutMs?: number): Promise<ReceivedText[]>
  /** A text from a handset: `from` sends `text` to the school's number `to`. One line of printable ASCII. */
  injectIncoming(from: string, to: string, text: string): void
  stop(): Promise<void>
}

/**
 * Starts Kannel (startKannelOnce), again on other ports when one it was given was taken first: a port is chosen free
 * and handed to bearerbox, and another test's process may bind it in between ("Address already in use").
 */
export async function startKannel(options: KannelOptions = {}): Promise<Kannel> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startKannelOnce(options)
    } catch (error) {
      if (attempt < 3 && error instanceof Error && error.message.includes('Address already in use')) continue
      throw error
    }
  }
}

/** Starts bearerbox, then smsbox and fakesmsc once bearerbox listens, and resolves when sendsms answers and the SMSC is online. */
async function startKannelOnce(options: KannelOptions): Promise<Kannel> {
  const folder = mkdtempSync(join(tmpdir(), 'rollbook-kannel-'))
  const ports = { admin: await freePort(), smsbox: await freePort(), smsc: await freePort(), sendsms: await freePort() }
  const adminPassword = 'harness-admin'
  const username = 'rollbook'
  const password = 'harness-secret'
  const configFile = join(folder, 'kannel.conf')
  writeFileSync(configFile, kannelConfig({ folder, ports, adminPassword, username, password, incomingUrl: options.incomingUrl }))

  const children: ChildProcess[] = []
  const start = (command: string, args: string[], stdio: ('ignore' | 'pipe')[]) => {
    const child = spawnGroup(command, args, { cwd: folder, stdio })
    noteProcess(child, [command, ...args].join(' '))
    children.push(child)
    return child
  }
  const stop = async () => {
    await Promise.all(children.map(child => stopGroup(child)))
    rmSync(folder, { recursive: true, force: true })
  }

  const lines: string[] = []
  try {
    // Kannel logs to its files in the folder (log-level 0); on the console only what would end it.
    start(kannelBinaries.bearerbox, ['-v', '4', configFile], ['ignore', 'ignore', 'ignore'])
    const status = `http://127.0.0.1:${ports.admin}/status.txt?password=${adminPassword}`
    await until(async () => (await fetch(status)).ok, 'bearerbox answers on its admin port', folder)
    start(kannelBinaries.smsbox, ['-v', '4', configFile], ['ignore', 'ignore', 'ignore'])
    const fakesmsc = start(kannelBinaries.fakesmsc, ['-H', '127.0.0.1', '-r', String(ports.smsc), '-i', '0.01'], ['pipe', 'ignore', 'pipe'])
    readLines(fakesmsc, line => lines.push(line))
    const sendsmsUrl = `http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms`
    await until(async () => {
      const online = /fake.*\(online/i.test(await (await fetch(status)).text())
      return online && (await fetch(sendsmsUrl)).status > 0
    }, 'the SMSC is online and smsbox answers sendsms', folder)

    const received = () => joinParts(lines.flatMap(line => smsLineOf(line) ?? []))
    return {
      sendsmsUrl,
      username,
      password,
      received,
      async waitForReceived(count, timeoutMs = 120_000) {
        const deadline = Date.now() + timeoutMs
        while (received().length < count) {
          if (Date.now() > deadline) throw new Error(`${count} texts expected at the SMSC within ${timeoutMs} ms; arrived: ${JSON.stringify(received())}`)
          await new Promise(done => setTimeout(done, 50))
        }
        return received()
      },
      injectIncoming(from, to, text) {
        if (![from, to].every(number => /^\+?\d+$/.test(number)) || !/^[\x20-\x7e]+$/.test(text)) {
          throw new Error('fakesmsc sends one line: numbers of digits, a text of printable ASCII.')
        }
        fakesmsc.stdin!.write(`${from} ${to} text ${text}\n`)
      },
      stop
    }
  } catch (error) {
    await stop()
    throw error
  }
}

interface KannelConfig {
  folder: string
  ports: Record<'admin' | 'smsbox' | 'smsc' | 'sendsms', number>
  adminPassword: string
  username: string
  password: string
  incomingUrl?: string
}

function kannelConfig(given: KannelConfig): string {
  const { folder, ports } = given
  const incoming = given.incomingUrl
    ? `${given.incomingUrl}${given.incomingUrl.includes('?') ? '&' : '?'}from=%p&to=%P&text=%a`
    : `http://127.0.0.1:${ports.sendsms}/no-incoming-url-given`
  return `group = core
admin-port = ${ports.admin}
admin-interface = 127.0.0.1
admin-password = ${given.adminPassword}
smsbox-port = ${ports.smsbox}
box-allow-ip = 127.0.0.1
dlr-storage = internal
log-file = "${join(folder, 'bearerbox.log')}"
log-level = 0

group = smsc
smsc = fake
smsc-id = fake
port = ${ports.smsc}
connect-allow-ip = 127.0.0.1

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${ports.smsbox}
sendsms-port = ${ports.sendsms}
sendsms-interface = 127.0.0.1
log-file = "${join(folder, 'smsbox.log')}"
log-level = 0

group = sendsms-user
username = ${given.username}
password = ${given.password}
concatenation = true
max-messages = 10

# Every text from a handset goes to the get-url; max-messages = 0: its answer is not texted back.
group = sms-service
keyword = default
catch-all = true
get-url = "${incoming.replace(/"/g, '%22')}"
max-messages = 0
omit-empty = true
`
}

/** A loopback port free now: the one the system gives a listener, closed again. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')))
    })
  })
}

async function until(ready: () => Promise<boolean>, what: string, folder: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready().catch(() => false)) return
    // A box that panicked (a port taken, say) never answers: said at once rather than at the deadline.
    const tails = logTails(folder)
    if (tails.includes('PANIC:')) throw new Error(`Kannel stopped while starting (waiting until ${what}):\n${tails}`)
    if (Date.now() > deadline) throw new Error(`Kannel did not start within ${timeoutMs} ms (waiting until ${what}):\n${tails}`)
    await new Promise(done => setTimeout(done, 100))
  }
}

function logTails(folder: string): string {
  return ['bearerbox.log', 'smsbox.log'].map((name) => {
    try {
      return `${name}:\n${readFileSync(join(folder, name), 'utf8').split('\n').slice(-30).join('\n')}`
    } catch {
      return `${name}: none`
    }
  }).join('\n')
}

function readLines(child: ChildProcess, each: (line: string) => void): void {
  let partial = ''
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => {
    const all = partial + chunk
    const complete = all.split('\n')
    partial = complete.pop()!
    complete.forEach(each)
  })
}

/** One SMS as fakesmsc printed it; a part of a concatenated text carries its UDH's reference, count and number. */
interface SmsLine { from: string, to: string, bytes: Buffer, coding: 'text' | 'ucs2' | 'unknown', part?: { reference: number, count: number, number: number } }

function smsLineOf(line: string): SmsLine | undefined {
  const printed = /Got message \d+: <(.*)>\s*$/.exec(line)?.[1]
  if (!printed) return undefined
  const [from = '', to = '', type = '', ...rest] = printed.split(' ')
  if (type === 'text') return { from, to, bytes: Buffer.from(rest.join(' '), 'utf8'), coding: 'text' }
  if (type === 'ucs-2') return { from, to, bytes: urlDecoded(rest.join(' ')), coding: 'ucs2' }
  if (type === 'data') return { from, to, bytes: urlDecoded(rest.join(' ')), coding: 'text' }
  // "udh <udh> data <bytes>": fakesmsc prints "data" whatever the coding, so the joined text's coding is guessed (textOf).
  if (type === 'udh' && rest[1] === 'data') return { from, to, bytes: urlDecoded(rest[2] ?? ''), coding: 'unknown', part: partOf(urlDecoded(rest[0]!)) }
  return undefined
}

/** The concatenation element of a UDH: 8-bit (IEI 0) or 16-bit (IEI 8) reference, the part count, this part's number. */
function partOf(udh: Buffer): SmsLine['part'] {
  for (let at = 1; at + 1 < udh.length; at += 2 + udh[at + 1]!) {
    const [id, length] = [udh[at]!, udh[at + 1]!]
    if (id === 0 && length === 3) return { reference: udh[at + 2]!, count: udh[at + 3]!, number: udh[at + 4]! }
    if (id === 8 && length === 4) return { reference: udh.readUInt16BE(at + 2), count: udh[at + 4]!, number: udh[at + 5]! }
  }
  return undefined
}

/** Kannel's url-encoding: %XX for a byte, + for a space. */
function urlDecoded(encoded: string): Buffer {
  const bytes: number[] = []
  for (let at = 0; at < encoded.length; at++) {
    if (encoded[at] === '%') {
      bytes.push(Number.parseInt(encoded.slice(at + 1, at + 3), 16))
      at += 2
    } else {
      bytes.push(encoded[at] === '+' ? 0x20 : encoded.charCodeAt(at))
    }
  }
  return Buffer.from(bytes)
}

/** Texts in arrival order, a concatenated one where its last part arrived, once all its parts have. */
function joinParts(smsLines: SmsLine[]): ReceivedText[] {
  const texts: ReceivedText[] = []
  const waiting = new Map<string, SmsLine[]>()
  for (const sms of smsLines) {
    if (!sms.part) {
      texts.push({ from: sms.from, to: sms.to, text: textOf(sms.bytes, sms.coding), parts: 1 })
      continue
    }
    const key = `${sms.from} ${sms.to} ${sms.part.reference}`
    const parts = [...waiting.get(key) ?? [], sms]
    waiting.set(key, parts)
    if (parts.length < sms.part.count) continue
    waiting.delete(key)
    const bytes = Buffer.concat(parts.sort((a, b) => a.part!.number - b.part!.number).map(part => part.bytes))
    texts.push({ from: sms.from, to: sms.to, text: textOf(bytes, 'unknown'), parts: parts.length })
  }
  return texts
}

/**
 * UCS-2 is UTF-16BE; Kannel hands fakesmsc GSM-7 texts as UTF-8. A joined text of unknown coding is taken
 * as UTF-16 when it holds a zero byte (a space or Latin letter in UTF-16) or is not UTF-8: right for the texts
 * tests send, though a text of CJK characters alone with no space could be read as UTF-8.
 */
function textOf(bytes: Buffer, coding: SmsLine['coding']): string {
  const utf16 = coding === 'ucs2' || (coding === 'unknown' && bytes.length % 2 === 0 && (bytes.includes(0) || !isUtf8(bytes)))
  return utf16 ? Buffer.from(bytes).swap16().toString('utf16le') : bytes.toString('utf8')
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}
