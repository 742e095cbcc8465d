import { describe, expect, it } from 'vitest'
import { readKannelDeliveryReport, readKannelIncomingText } from '../../../../../../server/domain/notifications/texts/kannel-reports'

describe('Kannel\'s delivery reports', () => {
  it.each([
    ['1', 'delivered', 'kannel 1 delivered'],
    ['2', 'failed', 'kannel 2 undeliverable'],
    ['4', 'pending', 'kannel 4 buffered'],
    ['8', 'pending', 'kannel 8 smsc-submit'],
    ['16', 'failed', 'kannel 16 smsc-reject']
  ])('type %s is %s', (type, state, summary) => {
    expect(readKannelDeliveryReport({ reference: 'tdl_1', type, answer: 'ACK/' })).toEqual({ reference: 'tdl_1', state, summary })
  })

  it('reads a query as URLSearchParams too, with the SMSC\'s id for the message', () => {
    const query = new URLSearchParams('key=k&reference=tdl_2&type=1&answer=&message-id=f67f1022')
    expect(readKannelDeliveryReport(query)).toEqual({ reference: 'tdl_2', state: 'delivered', summary: 'kannel 1 delivered', providerId: 'f67f1022' })
  })

  it('keeps only stat and err of an SMPP receipt, never the text it quotes', () => {
    const answer = 'id:0a1b2c sub:001 dlvrd:000 submit date:2611290327 done date:2611290328 stat:UNDELIV err:001 text:Sam has a fever, call '
    const report = readKannelDeliveryReport({ reference: 'tdl_3', type: '2', answer })
    expect(report).toEqual({ reference: 'tdl_3', state: 'failed', summary: 'kannel 2 undeliverable stat:UNDELIV err:001' })
  })

  it.each([
    [{ type: '1' }, 'no reference'],
    [{ reference: 'tdl_4' }, 'no type'],
    [{ reference: 'tdl_4', type: '3' }, 'a type Kannel does not send'],
    [{ reference: 'tdl_4', type: '%d' }, 'an escape Kannel did not fill in']
  ])('%j is no report (%s)', (query, _reason) => {
    expect(readKannelDeliveryReport(query)).toBeNull()
  })
})

describe('texts families send, through Kannel\'s get-url', () => {
  it('reads the sender, the school\'s number and the words', () => {
    expect(readKannelIncomingText({ key: 'k', from: '+61412345678', to: '+61400000000', text: 'STOP' }))
      .toEqual({ from: '+61412345678', to: '+61400000000', text: 'STOP' })
    expect(readKannelIncomingText(new URLSearchParams('from=%2B61412345678&to=&text=')))
      .toEqual({ from: '+61412345678', to: '', text: '' })
  })

  it('a repeated parameter counts once; a query without a sender is nothing', () => {
    expect(readKannelIncomingText({ from: ['+61412345678', '+61499999999'], text: ['stop'] })?.from).toBe('+61412345678')
    expect(readKannelIncomingText({ text: 'STOP' })).toBeNull()
  })
})
