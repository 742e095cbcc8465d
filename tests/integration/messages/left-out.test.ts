import { beforeAll, describe, expect, it } from 'vitest'
import { listMessages, previewAudience, readMessage, sendMessage } from '../../../server/domain/messages/send-message'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Issue 35, point 5: the adults standing leaves out of a message are told after sending as before it
 * (left-out.ts): the send's answer, the list of messages and a message's read never give a number below
 * five, nor any for an audience naming an adult, whatever count the message keeps.
 */
describe('the adults a sent message left out', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>

  beforeAll(async () => {
    school = await newSchool({ name: 'Sent Left Out School' })
    families = await seedPortalFamilies(school)
  })

  it('tells two left out of year 3 (the separated and the unsafe parent) as "fewer than 5" on sending, in the list and on reading, as the '
    + 'preview does', async () => {
    const told = { leftOut: 'fewer_than_5', leftOutCount: null }
    expect(await previewAudience(school.context, ['year:3'])).toMatchObject(told)
    const sent = await sendMessage(school.context, { subject: 'Sports day', body: 'On Friday.', audience: ['year:3'] })
    expect(sent).toMatchObject(told)
    expect((await listMessages(school.context, { limit: 10 })).items.find(item => item.id === sent.id)).toMatchObject(told)
    expect(await readMessage(school.context, sent.id)).toMatchObject(told)
  })

  it('never counts them for an audience naming an adult, sent or not', async () => {
    const told = { leftOut: 'not_counted', leftOutCount: null }
    const sent = await sendMessage(school.context, { subject: 'Tama', body: 'A note.', audience: ['year:3', `adult:${families.resident}`] })
    expect(sent).toMatchObject(told)
    expect((await listMessages(school.context, { limit: 10 })).items.find(item => item.id === sent.id)).toMatchObject(told)
    expect(await readMessage(school.context, sent.id)).toMatchObject(told)
  })
})
