import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A message Twilio's API took: its form fields (To, From or MessagingServiceSid, Body, StatusCallback). */
export interface TwilioReceived { accountSid: string, form: Record<string, string>, sid: string }

/**
 * What the next requests meet: Twilio's answer to an invalid To (400, code 21211), a fault of Twilio's
 * (500), or no answer at all. Each fault is used once, in order; then messages are taken again.
 */
export type TwilioFault = 'invalid-number' | 'server-error' | 'hang'

export interface TwilioReceiver {
  /** For TwilioSettings.apiBaseUrl. */
  url: string
  accountSid: string
  authToken: string
  received: TwilioReceived[]
  /** Requests refused for their credentials (401, code 20003). */
  unauthorised: number
  failNext(...faults: TwilioFault[]): void
  close(): Promise<void>
}

/**
 * A loopback stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json): Basic
 * auth with the account SID and token, a form body, 201 with the message's JSON as Twilio answers it.
 */
export function startTwilioReceiver(): Promise<TwilioReceiver> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`
  const authToken = randomBytes(16).toString('hex')
  const faults: TwilioFault[] = []
  const hung = new Set<ServerResponse>()
  const receiver = { accountSid, authToken, received: [] as TwilioReceived[], unauthorised: 0 }

  const server = createServer(async (request, response) => {
    const body = await bodyOf(request)
    const path = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.url ?? '')
    if (request.method !== 'POST' || !path) return answer(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 })
    if (request.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` || path[1] !== accountSid) {
      receiver.unauthorised += 1
      return answer(response, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 })
    }
    const form = Object.fromEntries(new URLSearchParams(body))
    const fault = faults.shift()
    if (fault === 'hang') return void hung.add(response)
    if (fault === 'server-error') return answer(response, 500, { code: 20500, message: 'An internal server error has occurred', status: 500 })
    if (fault === 'invalid-number') {
      return answer(response, 400, {
        code: 21211, message: `Invalid 'To' Phone Number: ${form.To}`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400
      })
    }
    const sid = `SM${randomBytes(16).toString('hex')}`
    receiver.received.push({ accountSid: path[1]!, form, sid })
    answer(response, 201, {
      sid, account_sid: accountSid, to: form.To, from: form.From ?? null, messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body, status: 'queued', num_segments: '1', direction: 'outbound-api', api_version: '2010-04-01',
      date_created: new Date().toUTCString(), error_code: null, error_message: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`
    })
  })

  return new Promise(done => server.listen(0, '127.0.0.1', () => done(Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext: (...more: TwilioFault[]) => void faults.push(...more),
    close: () => new Promise<void>((closed) => {
      hung.forEach(response => response.destroy())
      server.closeAllConnections()
      server.close(() => closed())
    })
  }))))
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
    request.on('error', fail)
  })
}

function answer(response: ServerResponse, status: number, json: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify(json))
}
