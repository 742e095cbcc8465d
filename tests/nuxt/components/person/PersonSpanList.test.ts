import { beforeAll, describe, expect, it } from 'vitest'
import { h } from 'vue'
import { mountSuspended } from '@nuxt/test-utils/runtime'
import PersonSpanList from '../../../../components/person/PersonSpanList.vue'
import { loadStaffMessages } from '../../../../i18n/staff-messages'

const payers = [{ id: 'per_1', name: 'Hine Ngata', share: '50 %' }, { id: 'per_2', name: 'Rawiri Ngata', share: '50 %' }]

describe('PersonSpanList', () => {
  // A staff screen's words come with the staff middleware, which no mounted component passes through.
  beforeAll(() => loadStaffMessages(useNuxtApp().$i18n, 'en'))

  it('lists each item in a row the card fills, named for a screen reader by its title', async () => {
    const list = await mountSuspended(PersonSpanList, {
      props: { title: 'Who pays', items: payers },
      slots: { default: ({ item }: { item: object }) => h('span', `${(item as typeof payers[number]).name}: ${(item as typeof payers[number]).share}`) }
    })
    expect(list.get('h3').text()).toBe('Who pays')
    expect(list.get('ul').attributes('aria-label')).toBe('Who pays')
    expect(list.findAll('li').map(row => row.text())).toEqual(['Hine Ngata: 50 %', 'Rawiri Ngata: 50 %'])
  })

  it('says "None." when the list is empty, or the card\'s own words', async () => {
    const empty = await mountSuspended(PersonSpanList, { props: { title: 'Concessions', items: [] } })
    expect(empty.find('ul').exists()).toBe(false)
    expect(empty.get('p').text()).toBe('None.')
    const worded = await mountSuspended(PersonSpanList, { props: { title: 'Court orders', items: [], empty: 'No order on file.' } })
    expect(worded.get('p').text()).toBe('No order on file.')
  })

  it('takes a label other than its title for the list', async () => {
    const list = await mountSuspended(
      PersonSpanList, { props: { title: 'Family', items: payers, label: 'Adults of this child' }, slots: { default: () => 'x' } }
    )
    expect(list.get('ul').attributes('aria-label')).toBe('Adults of this child')
  })
})
