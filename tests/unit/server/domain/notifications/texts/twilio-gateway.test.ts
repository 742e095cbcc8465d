import twilio from 'twilio'
import { describe, expect, it } from 'vitest'
import { readTwilioStatusCallback, twilioOutcomeOf, verifyTwilioSignature } from '../../../../../../server/domain/notifications/texts/twilio-gateway'

describe('Twilio\'s status callbacks', () => {
  const sid = 'SM0123456789abcdef0123456789abcdef'
  it.each([
    ['queued', 'pending'], ['sending', 'pending'], ['sent', 'pending'], ['accepted', 'pending'],
    ['delivered', 'delivered'], ['read', 'delivered'],
    ['undelivered', 'failed'], ['failed', 'failed'], ['canceled', 'failed']
  ])('%s is %s', (status, state) => {
    expect(readTwilioStatusCallback({ MessageSid: sid, MessageStatus: status, To: '+61412345678' }, 'tdl_1'))
      .toEqual({ reference: 'tdl_1', providerId: sid, state, summary: `twilio ${status}` })
  })

  it('keeps the error code of a failed text, never its number', () => {
    const form = new URLSearchParams({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003', To: '+61412345678', From: '+61400000000' })
    const report = readTwilioStatusCallback(form, 'tdl_2')
    expect(report).toEqual({ reference: 'tdl_2', providerId: sid, state: 'failed', summary: 'twilio undelivered code 30003' })
    expect(JSON.stringify(report)).not.toContain('61412345678')
  })

  it('a status Twilio does not document is no report', () => {
    expect(readTwilioStatusCallback({ MessageSid: sid, MessageStatus: 'lost' }, 'tdl_3')).toBeNull()
    expect(readTwilioStatusCallback({ MessageSid: sid }, 'tdl_3')).toBeNull()
  })
})

describe('Twilio\'s signature on a callback', () => {
  const authToken = '12345678901234567890123456789012'
  const url = 'https://school.example/hooks/texts/twilio/status?reference=tdl_1'
  const params = { MessageSid: 'SM1', MessageStatus: 'delivered' }
  const signature = twilio.getExpectedTwilioSignature(authToken, url, params)

  it('is taken when the token, address and form are the ones signed', () => {
    expect(verifyTwilioSignature(url, params, signature, authToken)).toBe(true)
  })

  it.each([
    ['another token', url, params, signature, 'abcdefabcdefabcdefabcdefabcdefab'],
    ['another address', `${url}x`, params, signature, authToken],
    ['a changed form', url, { ...params, MessageStatus: 'failed' }, signature, authToken],
    ['no signature', url, params, undefined, authToken]
  ])('is refused with %s', (_, address, form, given, token) => {
    expect(verifyTwilioSignature(address, form, given, token)).toBe(false)
  })
})

describe('a failed send to Twilio', () => {
  it.each([
    [{ status: 400, code: 21211 }, true, 'twilio 400 code 21211'],
    [{ status: 400, code: 21610 }, true, 'twilio 400 code 21610'],
    [{ status: 401, code: 20003 }, true, 'twilio 401 code 20003'],
    [{ status: 429, code: 20429 }, false, 'twilio 429 code 20429'],
    [{ status: 503 }, false, 'twilio 503'],
    [{ code: 'ECONNABORTED' }, false, 'twilio: no answer in time'],
    [{ code: 'ECONNREFUSED' }, false, 'twilio: ECONNREFUSED']
  ])('%j is permanent: %s', (fault, permanent, summary) => {
    const error = Object.assign(new Error('The \'To\' number +61412345678 is not a valid phone number.'), fault)
    expect(twilioOutcomeOf(error)).toEqual({ accepted: false, permanent, summary })
  })
})
