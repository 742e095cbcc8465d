import { describe, expect, it } from 'vitest'
import { kannelOutcomeOf, kannelSendsmsRequest, type KannelSettings } from '../../../../../../server/domain/notifications/texts/kannel-gateway'

const settings: KannelSettings = {
  kind: 'kannel', sendsmsUrl: 'http://127.0.0.1:13013/cgi-bin/sendsms', username: 'rollbook', password: 'p&ss', from: '+61400000000'
}

describe('the sendsms request for a text', () => {
  it('names the user, the number, the text in UTF-8 and GSM-7 coding', () => {
    const url = kannelSendsmsRequest(settings, { to: '+61412345678', text: 'Sport is on', reference: 'tdl_1' })
    expect(Object.fromEntries(url.searchParams)).toEqual({
      username: 'rollbook', password: 'p&ss', to: '+61412345678', from: '+61400000000', text: 'Sport is on', charset: 'UTF-8', coding: '0'
    })
  })

  it('asks for UCS-2 when GSM-7 cannot carry the text, and takes the text\'s own sender', () => {
    const url = kannelSendsmsRequest(settings, { to: '+61412345678', from: 'School', text: '家长会', reference: 'tdl_1' })
    expect(url.searchParams.get('coding')).toBe('2')
    expect(url.searchParams.get('from')).toBe('School')
  })

  it('gives a dlr-url carrying the reference and Kannel\'s escapes unescaped, so Kannel fills them in', () => {
    const url = kannelSendsmsRequest(
      { ...settings, deliveryReportUrl: () => 'https://school.example/hooks/texts/kannel/report?key=a%2Fb' },
      { to: '+61412345678', text: 'x', reference: 'tdl_9' }
    )
    expect(url.searchParams.get('dlr-mask')).toBe('19')
    expect(url.searchParams.get('dlr-url'))
      .toBe('https://school.example/hooks/texts/kannel/report?key=a%2Fb&reference=tdl_9&type=%d&answer=%A&message-id=%F')
  })

  it('keeps a reference the address already names', () => {
    const url = kannelSendsmsRequest(
      { ...settings, deliveryReportUrl: reference => `https://school.example/r?reference=${reference}` },
      { to: '+61412345678', text: 'x', reference: 'tdl_9' }
    )
    expect(url.searchParams.get('dlr-url')).toBe('https://school.example/r?reference=tdl_9&type=%d&answer=%A&message-id=%F')
  })
})

describe('Kannel\'s answer', () => {
  it.each([
    [202, '0: Accepted for delivery', { accepted: true }],
    [202, '3: Queued for later delivery', { accepted: true }],
    [403, 'Authorization failed for sendsms', { accepted: false, permanent: true, summary: 'kannel 403: Authorization failed for sendsms' }],
    [400, 'Invalid receiver number +61412345678\nmore', { accepted: false, permanent: true, summary: 'kannel 400: Invalid receiver number [number]' }],
    [503, 'Sending failed.', { accepted: false, permanent: false, summary: 'kannel 503: Sending failed.' }],
    [500, '', { accepted: false, permanent: false, summary: 'kannel 500' }]
  ])('%i %j', (status, answer, outcome) => {
    expect(kannelOutcomeOf(status, answer)).toEqual(outcome)
  })
})
