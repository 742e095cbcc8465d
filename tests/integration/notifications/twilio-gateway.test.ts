import twilio from 'twilio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTwilioStatusCallback, twilioGateway, verifyTwilioSignature, type TwilioSettings } from '../../../server/domain/notifications/texts/twilio-gateway'
import { textGatewayFor } from '../../../server/domain/notifications/texts/gateway-for-settings'
import { startTwilioReceiver, type TwilioReceiver } from '../../support/twilio-receiver'

/*
 * The Twilio adapter through the `twilio` package's own client, sent to a loopback stand-in for
 * Twilio's Messages API: what it posts, and how Twilio's answers and silences become outcomes.
 */
describe('texts through Twilio', () => {
  let twilioApi: TwilioReceiver
  let settings: TwilioSettings
  const to = '+61412345678'

  beforeAll(async () => {
    twilioApi = await startTwilioReceiver()
    settings = {
      kind: 'twilio', accountSid: twilioApi.accountSid, authToken: twilioApi.authToken, from: '+61400000001', apiBaseUrl: twilioApi.url,
      statusCallbackUrl: reference => `https://school.example/hooks/texts/twilio/status?reference=${reference}`
    }
  })
  afterAll(async () => {
    await twilioApi?.close()
  })

  it('a text is taken, with Twilio\'s message SID as the provider\'s id; the form carries number, sender, body and status callback', async () => {
    const outcome = await textGatewayFor(settings).sendText({ to, text: 'Sports day: see the portal 家长会', reference: 'tdl_1' })
    const taken = twilioApi.received.at(-1)!
    expect(outcome).toEqual({ accepted: true, providerId: taken.sid })
    expect(taken.form).toEqual({
      To: to, From: '+61400000001', Body: 'Sports day: see the portal 家长会',
      StatusCallback: 'https://school.example/hooks/texts/twilio/status?reference=tdl_1'
    })
  })

  it('with a messaging service, Twilio chooses the sender', async () => {
    const outcome = await twilioGateway({ ...settings, from: undefined, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' })
      .sendText({ to, text: 'x', reference: 'tdl_2' })
    expect(outcome).toMatchObject({ accepted: true })
    expect(twilioApi.received.at(-1)!.form).toMatchObject({ MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef' })
    expect(twilioApi.received.at(-1)!.form).not.toHaveProperty('From')
  })

  it('an invalid number (21211) is refused for good; the summary has the code, not Twilio\'s message quoting the number', async () => {
    twilioApi.failNext('invalid-number')
    const outcome = await twilioGateway(settings).sendText({ to, text: 'x', reference: 'tdl_3' })
    expect(outcome).toEqual({ accepted: false, permanent: true, summary: 'twilio 400 code 21211' })
  })

  it('wrong credentials are refused for good', async () => {
    const before = twilioApi.unauthorised
    const outcome = await twilioGateway({ ...settings, authToken: 'not-the-token' }).sendText({ to, text: 'x', reference: 'tdl_4' })
    expect(outcome).toEqual({ accepted: false, permanent: true, summary: 'twilio 401 code 20003' })
    expect(twilioApi.unauthorised).toBe(before + 1)
  })

  it('a fault of Twilio\'s (500) may pass', async () => {
    twilioApi.failNext('server-error')
    const outcome = await twilioGateway(settings).sendText({ to, text: 'x', reference: 'tdl_5' })
    expect(outcome).toEqual({ accepted: false, permanent: false, summary: 'twilio 500 code 20500' })
  })

  it('no answer is given up at the timeout, as a fault that may pass', async () => {
    twilioApi.failNext('hang')
    const outcome = await twilioGateway({ ...settings, timeoutMs: 300 }).sendText({ to, text: 'x', reference: 'tdl_6' })
    expect(outcome).toEqual({ accepted: false, permanent: false, summary: 'twilio: no answer in time' })
  })

  it('a send the worker abandons ends at once, as a fault that may pass', async () => {
    twilioApi.failNext('hang')
    const stop = new AbortController()
    const sending = twilioGateway({ ...settings, timeoutMs: 60_000 }).sendText({ to, text: 'x', reference: 'tdl_7' }, stop.signal)
    stop.abort()
    expect(await sending).toEqual({ accepted: false, permanent: false, summary: 'twilio: send abandoned' })
  })

  it('a number not in E.164 form, or no sender at all, is refused for good without asking Twilio', async () => {
    const before = twilioApi.received.length
    expect(await twilioGateway(settings).sendText({ to: '0412345678', text: 'x', reference: 'tdl_8' })).toMatchObject({ accepted: false, permanent: true })
    const noSender = twilioGateway({ ...settings, from: undefined })
    expect(await noSender.sendText({ to, text: 'x', reference: 'tdl_8' })).toMatchObject({ accepted: false, permanent: true })
    expect(twilioApi.received).toHaveLength(before)
  })

  it('a status callback signed with the account\'s token is verified and read as a delivery report', () => {
    const url = 'https://school.example/hooks/texts/twilio/status?reference=tdl_1'
    const form = {
      MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered', To: to, From: '+61400000001', AccountSid: twilioApi.accountSid
    }
    const signature = twilio.getExpectedTwilioSignature(twilioApi.authToken, url, form)
    expect(verifyTwilioSignature(url, form, signature, twilioApi.authToken)).toBe(true)
    expect(verifyTwilioSignature(url, { ...form, MessageStatus: 'failed' }, signature, twilioApi.authToken)).toBe(false)
    expect(readTwilioStatusCallback(form, new URL(url).searchParams.get('reference')!))
      .toEqual({ reference: 'tdl_1', providerId: 'SM0123456789abcdef0123456789abcdef', state: 'delivered', summary: 'twilio delivered' })
  })
})
