import { describe, expect, it } from 'vitest'
import { maximumPushPayloadBytes, noticePush, pushPayloadSizeRefusal } from '../../../../../../server/domain/notifications/push/push-payload'

describe('what a notice\'s push carries', () => {
  it('is a title, a line, the portal page to open and a tag, as given', () => {
    const fields = { title: 'New message from school', body: 'Open the portal to read it.', url: '/family/messages/msg_01h2x', tag: 'msg_01h2x', lang: 'es' }
    expect(noticePush(fields)).toEqual({ push: fields })
    expect(noticePush({ title: 'A consent to answer', url: '/family' })).toEqual({ push: { title: 'A consent to answer', url: '/family' } })
  })

  it.each([
    ['an address on another site', 'https://evil.example.org/family', 'portal page'],
    ['a protocol-relative address', '//evil.example.org/family', 'portal page'],
    ['a page outside the portal', '/staff/people', 'portal page'],
    ['a query', '/family/messages?child=Ada%20Lovelace', 'portal page'],
    ['a name with a space', '/family/children/Ada Lovelace', 'portal page'],
    ['a path that climbs out', '/family/../staff', 'portal page']
  ])('opens no %s', (_case, url, reason) => {
    const made = noticePush({ title: 'Notice', url })
    expect(made).toHaveProperty('refused')
    expect((made as { refused: string }).refused).toContain(reason)
  })

  it('shortens a long title or line rather than send nothing: the notice is read whole in the portal', () => {
    const made = noticePush({ title: 'Ñ'.repeat(200), body: '😀'.repeat(600), url: '/family' }) as { push: { title: string, body: string } }
    expect(Array.from(made.push.title)).toHaveLength(120)
    expect(made.push.title.endsWith('Ñ…')).toBe(true)
    expect(Array.from(made.push.body)).toHaveLength(500)
    expect(made.push.body.endsWith('😀…')).toBe(true)
  })

  it.each([
    ['an empty title', { title: '  ', url: '/family' }, 'title'],
    ['a tag with spaces', { title: 'Notice', url: '/family', tag: 'a tag' }, 'tag'],
    ['a language Rollbook does not ship', { title: 'Notice', url: '/family', lang: 'xx' }, 'lang']
  ])('refuses %s, naming the field', (_case, fields, field) => {
    expect((noticePush(fields) as { refused: string }).refused).toMatch(new RegExp(`^${field}: `))
  })

  it('stays under the 3 KB a push keeps to, counting bytes, not characters', () => {
    // 1000 three-byte characters fit a body's 500 characters twice over in bytes: a long body in Chinese is the largest push.
    const longest = noticePush({ title: '通'.repeat(120), body: '知'.repeat(500), url: '/family/messages/msg_1', tag: 'msg_1', lang: 'zh-Hans' })
    expect(longest).toHaveProperty('push')
    expect(pushPayloadSizeRefusal({ note: 'x'.repeat(maximumPushPayloadBytes - 11) })).toBeUndefined()
    expect(pushPayloadSizeRefusal({ note: 'x'.repeat(maximumPushPayloadBytes - 10) })).toBe(`A push carries at most 3072 bytes of JSON; this one is 3073.`)
    expect(pushPayloadSizeRefusal({ note: 'é'.repeat(1600) })).toContain('at most 3072 bytes')
  })
})
