import { createError } from 'h3'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockNuxtImport, registerEndpoint } from '@nuxt/test-utils/runtime'
import { usePortal, type PortalHome } from '../../../../composables/portal/usePortal'

const { navigateTo } = vi.hoisted(() => ({ navigateTo: vi.fn() }))
mockNuxtImport('navigateTo', () => navigateTo)

/** What the portal's front page answers next: the adult's home, or a refusal in the error envelope. */
let answer: PortalHome | { refused: { statusCode: number, code: string, detail: string } }
registerEndpoint('/api/app/portal', () => {
  if ('refused' in answer) throw createError({
    statusCode: answer.refused.statusCode, statusMessage: 'Forbidden', data: { code: answer.refused.code, detail: [answer.refused.detail] }
  })
  return answer
})
let previewsEnded = 0
registerEndpoint('/api/app/portal-preview', {
  method: 'DELETE',
  handler: () => {
    previewsEnded++
    return null
  }
})

const home = (change: Partial<PortalHome> = {}): PortalHome => ({
  school: { name: 'Riverside School', languages: ['en'] },
  preferredLanguage: null,
  adult: { id: 'per_hine', familyName: 'Ngata', givenNames: 'Hine' },
  preview: false,
  sections: [{ name: 'consents', off: false }, { name: 'fees', off: true }, { name: 'messages', off: false }],
  children: [{ id: 'per_aroha', familyName: 'Ngata', givenNames: 'Aroha' }],
  dataCheck: null,
  schoolClock: { timeZone: 'Pacific/Auckland', currency: 'NZD' },
  ...change
})

describe('usePortal', () => {
  beforeEach(() => {
    answer = home()
    navigateTo.mockClear()
  })

  it('offers the sections the server leaves on, in its order, and builds the menu from them', async () => {
    const portal = usePortal()
    expect(await portal.refresh()).toMatchObject({ adult: { givenNames: 'Hine' } })
    expect(portal.sections.value.map(section => [section.name, section.label, section.to]))
      .toEqual([['consents', 'portal.nav.consents', '/family/consents'], ['messages', 'portal.nav.messages', '/family/messages']])
    expect([portal.isOn('consents'), portal.isOn('fees')]).toEqual([true, false])
    expect(portal.menu.value.map(place => place.label))
      .toEqual(['portal.nav.consents', 'portal.nav.messages', 'portal.nav.data', 'portal.nav.notifications', 'portal.nav.passkeys'])
    expect(portal.refusal.value).toBeNull()
  })

  it('shares one front page across the app: a second caller sees what the first read', async () => {
    await usePortal().refresh()
    expect(usePortal().home.value?.school.name).toBe('Riverside School')
  })

  it('keeps the server\'s refusal in its words, and forgets the page it had', async () => {
    const portal = usePortal()
    await portal.refresh()
    answer = { refused: { statusCode: 403, code: 'no_family_access', detail: 'This account opens no family at this school.' } }
    expect(await portal.refresh()).toBeNull()
    expect(portal.refusal.value).toEqual({ code: 'no_family_access', message: 'This account opens no family at this school.' })
    expect(portal.sections.value).toEqual([])
    expect(portal.menu.value.map(place => place.label)).toEqual(['portal.nav.data', 'portal.nav.notifications', 'portal.nav.passkeys'])
  })

  it('in a preview, leaves the family\'s passkeys out of the menu, and ending it returns staff to the adult\'s record', async () => {
    answer = home({ preview: true })
    const portal = usePortal()
    await portal.refresh()
    expect(portal.menu.value.map(place => place.label)).toEqual(['portal.nav.consents', 'portal.nav.messages', 'portal.nav.data', 'portal.nav.notifications'])
    const before = previewsEnded
    await portal.endPreview()
    expect(previewsEnded).toBe(before + 1)
    expect(portal.home.value).toBeNull()
    expect(navigateTo).toHaveBeenCalledWith('/staff/people/per_hine')
  })
})
