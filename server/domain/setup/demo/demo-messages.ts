import { and, asc, eq } from 'drizzle-orm'
import { affiliations, classes, messageRecipients } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { inForceOn } from '../../days/in-force'
import { setClub } from '../../clubs/club-members'
import { sendMessage } from '../../messages/send-message'
import { readPortalMessage } from '../../messages/portal-messages'
import type { DemoPortalFamilies } from './demo-portal-families'
import { settleDemoMail } from './demo-mail-settled'

const demoClub = 'Chess club'
/** Of each message's recipients, the first this many read it in the portal. */
const readers = 6

/** The homeroom the demo writes to: its first class of the year level given, or its first homeroom. */
async function demoHomeroom(ctx: DomainContext, level: string) {
  const homerooms = await ctx.database.db.select({ code: classes.code }).from(classes)
    .where(and(eq(classes.schoolId, ctx.school.id), eq(classes.kind, 'homeroom'))).orderBy(asc(classes.code))
  return (homerooms.find(row => row.code === `HR-${level}-1`) ?? homerooms[0])?.code
}

/**
 * The office's messages of a demo school (docs/messages.md): to the first family's younger child's year, to
 * a homeroom, and to the chess club, which both its children join. They went out when written
 * (settleDemoMail); some parents read them in the portal, the first family's father among them, its mother
 * not yet, so her Messages shows them unread.
 */
export async function seedDemoMessages(ctx: DomainContext, families: DemoPortalFamilies, level: string) {
  const today = todayInZone(ctx.school.timeZone)
  const others = await ctx.database.db.select({ id: affiliations.personId }).from(affiliations)
    .where(and(eq(affiliations.schoolId, ctx.school.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, today)))
    .orderBy(asc(affiliations.personId)).limit(14)
  await setClub(ctx, demoClub, [...families.shared.children, ...others.map(row => row.id)])
  const homeroom = await demoHomeroom(ctx, level)
  const sent = [
    await sendMessage(ctx, {
      audience: [`year:${level}`], subject: `Year ${level}: the museum excursion`,
      body: 'The museum visit is on a school day: children bring a packed lunch, a hat and a water bottle. Answer the consent ask in the portal.'
    }),
    ...homeroom
      ? [await sendMessage(ctx, {
          audience: [`class:${homeroom}`], subject: 'Class photographs on Thursday',
          body: 'Class photographs are taken on Thursday morning. Full school uniform, please.'
        })]
      : [],
    await sendMessage(ctx, {
      audience: [`activity:${demoClub}`], subject: 'Chess club moves to the library',
      body: 'From next week the chess club meets in the library at lunchtime on Tuesdays.'
    })
  ]
  await settleDemoMail(ctx)
  const [mother, father] = families.shared.adults
  let reads = 0
  for (const message of sent) {
    const recipients = (await ctx.database.db.select({ adultId: messageRecipients.adultId }).from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, message.id), eq(messageRecipients.status, 'sent'))).orderBy(asc(messageRecipients.id))).map(row => row.adultId)
    const readBy = new Set([...recipients.slice(0, readers), ...recipients.filter(id => id === father)].filter(id => id !== mother))
    for (const adultId of readBy) await readPortalMessage(ctx, adultId, message.id, { markRead: true })
    reads += readBy.size
  }
  return { messages: sent.map(message => message.id), messagesRead: reads }
}
