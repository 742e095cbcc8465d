import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kannelGateway, type KannelSettings } from '../../../server/domain/notifications/texts/kannel-gateway'
import { readKannelDeliveryReport, readKannelIncomingText } from '../../../server/domain/notifications/texts/kannel-reports'
import { readStopWord } from '../../../server/domain/notifications/texts/stop-words'
import { countTextSegments } from '../../../server/domain/notifications/texts/text-segments'
import { startKannel, type Kannel } from '../../support/kannel'
import { eventually } from '../../support/notification-queues'

/** The school's side of Kannel's callbacks: every request smsbox makes, answered 200. */
function startHookRecorder(): Promise<{ url: string, calls: URL[], server: Server }> {
  const calls: URL[] = []
  const server = createServer((request, response) => {
    calls.push(new URL(request.url ?? '/', 'http://recorder'))
    response.end('ok')
  })
  return new Promise(done => server.listen(0, '127.0.0.1', () => {
    done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server })
  }))
}

/*
 * The Kannel adapter against a real Kannel 1.4.5 (bearerbox, smsbox and its test SMS centre, fakesmsc):
 * what the office sends reaches the handset's side intact, delivery reports and replies come back to the
 * addresses Rollbook gives, and Kannel's refusals and absence are told apart.
 */
describe('texts through Kannel', () => {
  let kannel: Kannel
  let hooks: Awaited<ReturnType<typeof startHookRecorder>>
  let settings: KannelSettings
  // Each test texts a number of its own, so that what it finds at the SMS centre is its own.
  let nextNumber = 61_400_000_100
  const aNumber = () => `+${nextNumber++}`
  const school = '+61400000001'
  const arrivedAt = (to: string) => eventually(() => kannel.received().find(text => text.to === to), `a text at ${to}`)

  beforeAll(async () => {
    hooks = await startHookRecorder()
    kannel = await startKannel({ incomingUrl: `${hooks.url}/hooks/texts/kannel/incoming?key=school-key` })
    settings = { kind: 'kannel', sendsmsUrl: kannel.sendsmsUrl, username: kannel.username, password: kannel.password, from: school }
  })
  afterAll(async () => {
    await kannel?.stop()
    await new Promise(done => hooks?.server.close(done))
  })

  it('a GSM-7 text, with extension characters and Spanish letters, reaches the handset intact', async () => {
    const to = aNumber()
    const text = 'Excursion mañana: ¿listos? Trae 5€ [bus] ~ {ok} ¡Olé!'
    expect(countTextSegments(text).encoding).toBe('gsm7')
    expect(await kannelGateway(settings).sendText({ to, text, reference: 'tdl_gsm7' })).toEqual({ accepted: true })
    expect(await arrivedAt(to)).toEqual({ from: school, to, text, parts: 1 })
  })

  it('a UCS-2 text in Arabic and Chinese, with an emoji, reaches the handset intact', async () => {
    const to = aNumber()
    const text = 'اجتماع أولياء الأمور غدا 家长会 🎉'
    expect(countTextSegments(text)).toMatchObject({ encoding: 'ucs2', segments: 1 })
    expect(await kannelGateway(settings).sendText({ to, text, reference: 'tdl_ucs2' })).toEqual({ accepted: true })
    expect(await arrivedAt(to)).toEqual({ from: school, to, text, parts: 1 })
  })

  it('a 161-character text goes as two SMS and arrives whole', async () => {
    const to = aNumber()
    const text = `Sports day moves to Friday. ${'See the portal. '.repeat(8)}`.padEnd(161, '.')
    expect(countTextSegments(text)).toEqual({ encoding: 'gsm7', units: 161, segments: 2 })
    expect(await kannelGateway(settings).sendText({ to, text, reference: 'tdl_long' })).toEqual({ accepted: true })
    expect(await arrivedAt(to)).toEqual({ from: school, to, text, parts: 2 })
  })

  it('Kannel calls the delivery report address back with the reference: submitted, then delivered', async () => {
    const to = aNumber()
    const reporting: KannelSettings = {
      ...settings,
      // A key with an escaped character in it: Kannel must give it back as it was given.
      deliveryReportUrl: () => `${hooks.url}/hooks/texts/kannel/report?key=k%2F1`
    }
    expect(await kannelGateway(reporting).sendText({ to, text: 'Reports, please', reference: 'tdl_dlr' })).toEqual({ accepted: true })
    const reportsFor = (reference: string) => hooks.calls.filter(call => call.pathname.endsWith('/report') && call.searchParams.get('reference') === reference)
    // One call, the outcome (type 1, delivered): not the SMSC's taking it (type 8), which the mask leaves out.
    const [report] = await eventually(() => reportsFor('tdl_dlr').length ? reportsFor('tdl_dlr') : undefined, 'the report for tdl_dlr')
    expect(report!.searchParams.get('key')).toBe('k/1')
    expect(readKannelDeliveryReport(report!.searchParams)).toMatchObject({ reference: 'tdl_dlr', state: 'delivered', summary: 'kannel 1 delivered' })
    // A type-8 call would come within moments of the type-1 one: none does.
    await new Promise(done => setTimeout(done, 1000))
    expect(reportsFor('tdl_dlr')).toHaveLength(1)
  })

  it('a STOP sent from a handset reaches the incoming-text address with its sender, the school\'s number and the word', async () => {
    const from = aNumber()
    kannel.injectIncoming(from, school, 'Stop')
    const call = await eventually(
      () => hooks.calls.find(call => call.pathname === '/hooks/texts/kannel/incoming' && call.searchParams.get('from') === from),
      `an incoming text from ${from}`
    )
    expect(call.searchParams.get('key')).toBe('school-key')
    const incoming = readKannelIncomingText(call.searchParams)
    expect(incoming).toEqual({ from, to: school, text: 'Stop' })
    expect(readStopWord(incoming!.text)).toBe('stop')
  })

  it('a wrong password is refused for good, and the summary names neither number nor text', async () => {
    const outcome = await kannelGateway({ ...settings, password: 'not-it' }).sendText({ to: '+61412345678', text: 'Secret words', reference: 'tdl_auth' })
    expect(outcome).toEqual({ accepted: false, permanent: true, summary: 'kannel 403: Authorization failed for sendsms' })
  })

  it('a number not in E.164 form is refused for good without asking Kannel', async () => {
    const outcome = await kannelGateway(settings).sendText({ to: '0412 345 678', text: 'x', reference: 'tdl_e164' })
    expect(outcome).toMatchObject({ accepted: false, permanent: true })
  })

  it('Kannel down (the connection refused) is a fault that may pass', async () => {
    const down = await startHookRecorder()
    await new Promise(done => down.server.close(done))
    const gateway = kannelGateway({ ...settings, sendsmsUrl: `${down.url}/cgi-bin/sendsms` })
    const outcome = await gateway.sendText({ to: '+61412345678', text: 'x', reference: 'tdl_down' })
    expect(outcome).toEqual({ accepted: false, permanent: false, summary: 'kannel: ECONNREFUSED' })
  })

  it('a sendsms that never answers is given up at the timeout, as a fault that may pass', async () => {
    const silent = createServer(() => {})
    await new Promise<void>(done => silent.listen(0, '127.0.0.1', done))
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/cgi-bin/sendsms`
    try {
      const gateway = kannelGateway({ ...settings, sendsmsUrl: url, timeoutMs: 300 })
      const outcome = await gateway.sendText({ to: '+61412345678', text: 'x', reference: 'tdl_slow' })
      expect(outcome).toEqual({ accepted: false, permanent: false, summary: 'kannel: no answer within 0.3 s' })
    } finally {
      silent.closeAllConnections()
      await new Promise(done => silent.close(done))
    }
  })
})
