import { beforeAll, describe, expect, it } from 'vitest'
import { mountSuspended } from '@nuxt/test-utils/runtime'
import AdmissionsPersonCompared from '../../../../components/admissions/AdmissionsPersonCompared.vue'
import { loadStaffMessages } from '../../../../i18n/staff-messages'

const person = {
  id: 'per_1', givenNames: 'Mia', familyName: 'Rossi', dateOfBirth: '2018-03-04', email: null, phone: null, family: [],
  affiliations: [
    { kind: 'student', yearLevel: '3', from: '2025-01-28', to: null },
    { kind: 'staff_member', yearLevel: null, from: '2020-01-01', to: '2021-12-31' }
  ]
}

describe('AdmissionsPersonCompared', () => {
  beforeAll(() => loadStaffMessages(useNuxtApp().$i18n, 'en'))

  it('names each affiliation\'s kind in the screen\'s words, not the interface\'s identifier', async () => {
    const card = await mountSuspended(AdmissionsPersonCompared, { props: { person: person as never, heading: 'On file' } })
    expect(card.text()).toContain('Student')
    expect(card.text()).toContain('Staff')
    expect(card.text()).not.toContain('staff_member')
  })
})
