import { describe, expect, it, beforeAll } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, messageRecipients, messages, unexplainedAbsences } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { todayInZone } from '../../../server/domain/days/clock'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { claimAbsenceNotices, noticeOfUnexplainedAbsences } from '../../../server/domain/absences/absence-notices'
import { recordUnexplainedAbsences } from '../../../server/domain/absences/unexplained-intake'
import { reportAbsence } from '../../../server/domain/absences/report-absence'
import { absenceDocument, childAbsences } from '../../../server/domain/absences/child-absences'
import { documentTypeOf } from '../../../server/domain/absences/absence-documents'
import { capabilityNames } from '../../../server/domain/access/catalogue'
import { recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { portalAbsences } from '../../../server/domain/absences/portal-absences'
import { absenceDayList } from '../../../server/domain/absences/day-list'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')])

async function streamBytes(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/*
 * The notice of an unexplained absence is written once whoever holds it: a worker whose lease ended (killed, or
 * stalled past it) and another that claimed the row after it cannot both write one; and a document is kept where
 * exports are, typed by its bytes, served whole to staff who may open it and to no one else.
 */
describe('absence notices under two workers, and documents', () => {
  let school: School
  let childId = ''
  let adultId = ''

  beforeAll(async () => {
    school = await newSchool({ name: 'Two Workers School' })
    ;({ childId, adultId } = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Lease', givenNames: 'Lou', dateOfBirth: '2016-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Lease', givenNames: 'Lee', email: 'lee.lease@example.org' })
      await insertParentalResponsibility(tx, changes, school.school, {
        adultId: adult, childId: child, relationship: 'parent', validFrom: '2016-01-01', validTo: null
      })
      return { childId: child, adultId: adult }
    }))
  })

  it('writes one notice when a worker whose lease ended and the worker that took the row over both try', async () => {
    const today = todayInZone(school.school.timeZone)
    const { absences: [sent] } = await recordUnexplainedAbsences(school.context, [{ personId: childId, day: today }])
    const first = await claimAbsenceNotices(school.database, { owner: 'first', leaseMs: 1 }, [school.id], 5)
    expect(first.map(row => row.id)).toEqual([sent!.id])
    await new Promise(done => setTimeout(done, 5))
    const second = await claimAbsenceNotices(school.database, { owner: 'second', leaseMs: 60_000 }, [school.id], 5)
    expect(second.map(row => row.id)).toEqual([sent!.id])
    // The first, back from its stall, writes nothing: the row is no longer its own.
    expect(await noticeOfUnexplainedAbsences(school.database, first, 'first')).toBe(0)
    expect(await noticeOfUnexplainedAbsences(school.database, second, 'second')).toBe(1)
    const [row] = await school.database.db.select().from(unexplainedAbsences).where(eq(unexplainedAbsences.id, sent!.id))
    const written = await school.database.db.select({ id: messages.id }).from(messages).where(eq(messages.schoolId, school.id))
    expect(written.map(message => message.id)).toEqual([row!.messageId])
    expect(row).toMatchObject({ leaseOwner: null, leaseUntil: null })
    expect(await claimAbsenceNotices(school.database, { owner: 'third', leaseMs: 60_000 }, [school.id], 5)).toEqual([])
  })

  it('reads a document\'s type from its bytes, not its name', () => {
    expect(documentTypeOf(pdf)).toBe('application/pdf')
    expect(documentTypeOf(Buffer.from([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))).toBe('image/png')
    expect(documentTypeOf(Buffer.from([0xFF, 0xD8, 0xFF, 0xE0]))).toBe('image/jpeg')
    expect(documentTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(documentTypeOf(Buffer.from('GIF89a'))).toBe('image/gif')
    expect(documentTypeOf(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined()
    expect(documentTypeOf(Buffer.from('MZ\x90\0'))).toBeUndefined()
  })

  it('keeps a doctor\'s letter and serves it whole to staff who may open it, and refuses it where the reason is sensitive', async () => {
    const today = todayInZone(school.school.timeZone)
    const content = pdf.toString('base64')
    const letter = { name: 'Letter from Dr Who.pdf', content }
    const ill = await reportAbsence(school.context, { adultId, childId, firstDay: today, reason: 'illness', document: letter })
    const file = await absenceDocument(school.context, ill.id)
    expect(file).toMatchObject({ contentType: 'application/pdf', size: pdf.length, fileName: `absence-${ill.id}.pdf` })
    expect('body' in file && (await streamBytes(file.body)).equals(pdf)).toBe(true)
    const opened = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'absence_document.opened')))
    expect(opened.map(entry => [entry.subjectId, entry.summary])).toEqual([[childId, `An absence's document opened (${ill.id})`]])

    const referral = { name: 'referral.pdf', content }
    const medical = await reportAbsence(school.context, {
      adultId, childId, firstDay: today, reason: 'medical_appointment', note: 'Cardiology', document: referral
    })
    const office = { ...school.context, capabilities: new Set(capabilityNames.filter(name => name !== 'restricted.read')) }
    const refused = await absenceDocument(office, medical.id).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'forbidden', extras: { data: { missingScope: 'restricted.read' } } })
    const card = await childAbsences(office, childId, { limit: 10 })
    expect(card.items.find(item => item.id === medical.id)).toMatchObject({ note: null, documentName: null, hasDocument: true, sensitive: true })
    expect(card.items.find(item => item.id === ill.id)).toMatchObject({ documentName: 'Letter from Dr Who.pdf', sensitive: false })
    expect((await absenceDocument(school.context, medical.id)).contentType).toBe('application/pdf')
  })

  it('tells a protected child\'s absence only to the adult the flag names, and lists the child to restricted.read alone', async () => {
    const today = todayInZone(school.school.timeZone)
    const { child, safe, other } = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Shield', givenNames: 'Pip', dateOfBirth: '2016-05-06' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      const safe = await insertPerson(tx, changes, school.id, { familyName: 'Shield', givenNames: 'Safe', email: 'safe.shield@example.org' })
      const other = await insertPerson(tx, changes, school.id, { familyName: 'Shield', givenNames: 'Other', email: 'other.shield@example.org' })
      for (const adultId of [safe, other]) {
        await insertParentalResponsibility(tx, changes, school.school, {
          adultId, childId: child, relationship: 'parent', validFrom: '2016-01-01', validTo: null
        })
      }
      return { child, safe, other }
    })
    await recordProtectionFlag(school.context, child, { kind: 'family_violence', validFrom: today, safeAdultIds: [safe] })
    const { absences: [sent] } = await recordUnexplainedAbsences(school.context, [{ personId: child, day: today }])
    const claimed = await claimAbsenceNotices(school.database, { owner: 'shield', leaseMs: 60_000 }, [school.id], 5)
    expect(claimed.map(row => row.id)).toEqual([sent!.id])
    expect(await noticeOfUnexplainedAbsences(school.database, claimed, 'shield')).toBe(1)
    const [kept] = await school.database.db.select().from(unexplainedAbsences).where(eq(unexplainedAbsences.id, sent!.id))
    const told = await school.database.db.select({ adultId: messageRecipients.adultId, status: messageRecipients.status }).from(messageRecipients)
      .where(eq(messageRecipients.messageId, kept!.messageId!))
    expect(told).toEqual([{ adultId: safe, status: 'pending' }])
    expect((await portalAbsences(school.context, other, { limit: 10 })).unexplained).toEqual([])
    expect((await portalAbsences(school.context, safe, { limit: 10 })).unexplained.map(item => item.id)).toEqual([sent!.id])
    const office = { ...school.context, capabilities: new Set(capabilityNames.filter(name => name !== 'restricted.read')) }
    expect((await absenceDayList(office, { limit: 100 })).items.map(line => line.child.id)).not.toContain(child)
    expect((await absenceDayList(school.context, { limit: 100 })).items.find(line => line.child.id === child)).toMatchObject({ restricted: true })
  })

  it('tells a family of two absent children once, in one notice for the batch', async () => {
    const today = todayInZone(school.school.timeZone)
    const { twins, parent } = await writeChanges(school.context, async (tx, changes) => {
      const parent = await insertPerson(tx, changes, school.id, { familyName: 'Twin', givenNames: 'Tama', email: 'tama.twin@example.org' })
      const twins: string[] = []
      for (const name of ['Ari', 'Ani']) {
        const child = await insertPerson(tx, changes, school.id, { familyName: 'Twin', givenNames: name, dateOfBirth: '2017-01-02' })
        await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '2', campusId: null })
        await insertParentalResponsibility(tx, changes, school.school, {
          adultId: parent, childId: child, relationship: 'parent', validFrom: '2017-01-02', validTo: null
        })
        twins.push(child)
      }
      return { twins, parent }
    })
    const { absences: sent } = await recordUnexplainedAbsences(school.context, twins.map(personId => ({ personId, day: today })))
    const claimed = await claimAbsenceNotices(school.database, { owner: 'twins', leaseMs: 60_000 }, [school.id], 10)
    expect(claimed.map(row => row.id).sort()).toEqual(sent.map(row => row.id).sort())
    expect(await noticeOfUnexplainedAbsences(school.database, claimed, 'twins')).toBe(2)
    const rows = await school.database.db.select().from(unexplainedAbsences).where(eq(unexplainedAbsences.schoolId, school.id))
    const messageIds = new Set(rows.filter(row => sent.some(one => one.id === row.id)).map(row => row.messageId))
    expect(messageIds.size).toBe(1)
    const told = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, [...messageIds][0]!))
    expect(told.map(row => [row.adultId, JSON.parse(row.childIds!).sort()])).toEqual([[parent, [...twins].sort()]])
  })
})
