import { beforeEach, describe, expect, it } from 'vitest'
import { mountSuspended } from '@nuxt/test-utils/runtime'
import type { VueWrapper } from '@vue/test-utils'
import PortalConsentAsk from '../../../../components/portal/PortalConsentAsk.vue'
import type { PortalConsent } from '../../../../composables/portal/usePortalConsents'
import type { PortalHome } from '../../../../composables/portal/usePortal'

/** An ask for Aroha as the portal's consents route answers it, open and not yet answered by this adult. */
function consentItem(change: { ask?: Partial<PortalConsent['ask']>, item?: Partial<Omit<PortalConsent, 'ask'>> } = {}): PortalConsent {
  return {
    ask: {
      id: 'cak_1', purpose: 'Excursion', lasting: 'each_occasion', subject: 'Zoo', closesOn: '2026-12-04', occasionOn: '2026-12-10',
      answeredBy: 'any_adult', open: true, text: null, signature: 'none', questions: [], ...change.ask
    },
    child: { id: 'per_1', familyName: 'Ngata', givenNames: 'Aroha' },
    status: 'not_yet',
    myAnswer: null,
    myAnswerId: null,
    mySignedAt: null,
    signing: null,
    canWithdraw: false,
    history: [],
    ...change.item
  }
}
/** The props beside the item: a form's answer goes nowhere, and a receipt's address is made up. */
const rest = { busy: false, working: null, send: async () => {}, receiptUrl: (id: string) => `/receipts/${id}` }
const buttons = (wrapper: VueWrapper) => wrapper.findAll('button').map(button => button.attributes('aria-label'))
const term = (wrapper: VueWrapper, name: string) => wrapper.findAll('dt').find(dt => dt.text() === name)!.element.nextElementSibling!.textContent!.trim()

describe('PortalConsentAsk', () => {
  // The portal's front page brings the school's clock: days and times are the school's, in Sydney.
  beforeEach(() => {
    useState<PortalHome | null>('portal-home').value = {
      school: { name: 'Riverside School', languages: ['en'] }, adult: { id: 'per_2', familyName: 'Ngata', givenNames: 'Hine' }, preferredLanguage: null,
      preview: false, sections: [], children: [], dataCheck: null,
      schoolClock: { timeZone: 'Australia/Sydney', currency: 'AUD' }
    }
  })

  it('shows an open ask with its day, closing day and this adult\'s answer, and takes yes or no for the child', async () => {
    const ask = await mountSuspended(PortalConsentAsk, { props: { item: consentItem(), ...rest } })
    expect(ask.get('h3').text()).toBe('Excursion: Zoo')
    expect([term(ask, 'On'), term(ask, 'Answers close'), term(ask, 'Lasts'), term(ask, 'Your answer')])
      .toEqual(['Dec 10, 2026', 'Dec 4, 2026, end of the day in Australia/Sydney', 'For this occasion only', 'Not answered yet'])
    expect(term(ask, 'For Aroha')).toBe('Waiting for an answer')
    expect(buttons(ask)).toEqual(['Yes to Excursion: Zoo for Aroha', 'No to Excursion: Zoo for Aroha'])
    await ask.findAll('button')[1]!.trigger('click')
    expect(ask.emitted('answer')).toEqual([['no']])
  })

  it('offers a withdrawal, and only that, where the server says the closed ask\'s consent can be withdrawn', async () => {
    const ask = await mountSuspended(PortalConsentAsk, {
      props: { item: consentItem({
        ask: { open: false, purpose: 'Photographs', subject: null, occasionOn: null, lasting: 'standing', answeredBy: 'any_adult' },
        item: { myAnswer: 'yes', status: 'yes', canWithdraw: true }
      }), ...rest }
    })
    expect(ask.get('h3').text()).toBe('Photographs')
    expect(term(ask, 'Answers close')).toBe('Dec 4, 2026, end of the day in Australia/Sydney (closed)')
    expect(term(ask, 'Lasts')).toBe('Until withdrawn')
    expect(buttons(ask)).toEqual(['Withdraw consent to Photographs for Aroha'])
    await ask.get('button').trigger('click')
    expect(ask.emitted('answer')).toEqual([['no']])
  })

  it('takes no more answers on a closed ask the server offers no withdrawal of', async () => {
    const ask = await mountSuspended(
      PortalConsentAsk,
      { props: { item: consentItem({ ask: { open: false }, item: { myAnswer: 'no', status: 'no' } }), ...rest } }
    )
    expect(buttons(ask)).toEqual([])
    expect(ask.text()).toContain('This ask takes no more answers.')
    expect(term(ask, 'Your answer')).toBe('No')
  })

  it('lists this adult\'s answers so far, each with the day it counts from and the school\'s day it was given', async () => {
    const history = [
      { answer: 'yes' as const, effectiveFrom: '2026-11-20', answeredAt: '2026-11-20T01:00:00.000Z' },
      { answer: 'no' as const, effectiveFrom: '2026-11-30', answeredAt: '2026-11-21T14:00:00.000Z' }
    ]
    const ask = await mountSuspended(PortalConsentAsk, { props: { item: consentItem({ item: { history, myAnswer: 'yes' } }), ...rest } })
    expect(ask.get('ol').attributes('aria-label')).toBe('Your answers to Excursion: Zoo for Aroha')
    expect(ask.findAll('ol li').map(li => li.text().replace(/\s+/g, ' ')))
      .toEqual(['Yes from Nov 20, 2026, given Nov 20, 2026', 'No from Nov 30, 2026, given Nov 22, 2026'])
  })

  it('says nothing of where the child stands on an ask every adult answers, and links a signed answer\'s receipt', async () => {
    const signing = { statement: 'I give my consent.', language: 'en' as const, shownHash: 'a'.repeat(64) }
    const ask = await mountSuspended(PortalConsentAsk, { props: { item: consentItem({
      ask: { answeredBy: 'every_adult', signature: 'required', text: 'The class visits the zoo.' },
      item: { status: null, myAnswer: 'yes', myAnswerId: 'cns_1', mySignedAt: '2026-11-20T01:00:00.000Z', signing }
    }), ...rest } })
    expect(ask.get('[data-ask-text]').text()).toBe('The class visits the zoo.')
    expect(ask.findAll('dt').map(dt => dt.text())).not.toContain('For Aroha')
    expect(term(ask, 'Who answers')).toBe('Each adult answers for themselves; only your own answer is shown here.')
    expect(term(ask, 'Signed')).toBe('Nov 20, 2026, 12:00 PM')
    expect(ask.get('a[download]').attributes('href')).toBe('/receipts/cns_1')
    expect(buttons(ask)).toEqual(['Change your answer to Excursion: Zoo for Aroha'])
  })

  it('disables its buttons while an answer is on its way', async () => {
    const ask = await mountSuspended(PortalConsentAsk, { props: { item: consentItem(), ...rest, busy: true, working: 'cak_1-per_1-yes' } })
    expect(ask.findAll('button').map(button => button.attributes('disabled') !== undefined)).toEqual([true, true])
  })
})
