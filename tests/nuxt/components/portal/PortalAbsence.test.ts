import { beforeEach, describe, expect, it } from 'vitest'
import { mountSuspended } from '@nuxt/test-utils/runtime'
import type { VueWrapper } from '@vue/test-utils'
import PortalAbsence from '../../../../components/portal/PortalAbsence.vue'
import type { PortalAbsence as Absence } from '../../../../composables/portal/usePortalAbsences'
import type { PortalHome } from '../../../../composables/portal/usePortal'

/** An absence of Aroha's as the portal's absences route answers it: a morning at the dentist, reported by the family. */
function absence(change: Partial<Absence> = {}): Absence {
  return {
    id: 'abs_1', childId: 'per_1', firstDay: '2026-12-02', lastDay: '2026-12-02', fromTime: '09:00', toTime: '11:30', reason: 'medical_appointment',
    note: null, documentName: null, reportedBy: 'family', reportedAt: '2026-11-29T01:00:00.000Z', acknowledged: false, withdrawn: false,
    canWithdraw: false, explains: null, ...change
  }
}
const child = { givenNames: 'Aroha', familyName: 'Ngata' }
/** Each line of the absence; the first is the child's name and its badge, apart. */
const lines = (wrapper: VueWrapper) => wrapper.findAll('p').map((line, index) => index === 0
  ? [...line.element.children].map(part => part.textContent!.trim()).join(' | ')
  : line.text().replace(/\s+/g, ' '))
const buttons = (wrapper: VueWrapper) => wrapper.findAll('button').map(button => button.attributes('aria-label') ?? button.text())

describe('PortalAbsence', () => {
  beforeEach(() => {
    useState<PortalHome | null>('portal-home').value = {
      school: { name: 'Riverside School', languages: ['en'] }, adult: { id: 'per_2', familyName: 'Ngata', givenNames: 'Hine' }, preferredLanguage: null,
      preview: false, sections: [], children: [], dataCheck: null, schoolClock: { timeZone: 'Australia/Sydney', currency: 'AUD' }
    }
  })

  it('tells a part of a day on the school\'s clock, the reason, who reported it and that the office has seen it', async () => {
    const item = await mountSuspended(PortalAbsence, {
      props: { absence: absence({ acknowledged: true, documentName: 'letter.pdf', note: 'Check-up.' }), child, busy: false }
    })
    expect(lines(item)).toEqual([
      'Aroha Ngata | Seen by the office', 'Wed, Dec 2, 2026, 9:00 AM to 11:30 AM · Medical or dental appointment', 'Check-up.',
      'Reported by the family', 'Document: letter.pdf'
    ])
    expect(buttons(item)).toEqual([])
  })

  it('tells whole days, an office\'s record and a withdrawn one, with nothing to press', async () => {
    const days = absence({ lastDay: '2026-12-04', fromTime: null, toTime: null, reason: 'illness', reportedBy: 'office', withdrawn: true })
    const item = await mountSuspended(PortalAbsence, { props: { absence: days, child, busy: false } })
    expect(lines(item)).toEqual(['Aroha Ngata | Withdrawn', 'Wed, Dec 2, 2026 to Fri, Dec 4, 2026 · Illness', 'Recorded by the office'])
    expect(buttons(item)).toEqual([])
  })

  it('asks once more before withdrawing, and keeps the absence when told to', async () => {
    const item = await mountSuspended(PortalAbsence, { props: { absence: absence({ canWithdraw: true }), child, busy: false } })
    expect(buttons(item)).toEqual(['Withdraw the absence of Aroha Ngata, Wed, Dec 2, 2026, 9:00 AM to 11:30 AM'])
    await item.get('button').trigger('click')
    expect(item.text()).toContain('Withdraw this absence? The school will expect Aroha that day.')
    expect(buttons(item)).toEqual(['Yes, withdraw it', 'Keep it'])
    await item.findAll('button')[1]!.trigger('click')
    expect(item.emitted('withdraw')).toBeUndefined()
    await item.get('button').trigger('click')
    await item.findAll('button')[0]!.trigger('click')
    expect(item.emitted('withdraw')).toEqual([[]])
  })
})
