import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm'
import {
  absences, accounts, activity, applicationAdults, childContacts, childMedicalNeeds, clubMembers, consents, dataCheckAdults,
  dataCheckChildren, detailRequests, enquiries, exitReasons, familyAccess, identityDecisions, legalHolds, loginNames, messageRecipients, nameHistory,
  notificationChoices, notificationDeliveries, outboxMails, parentalResponsibilities, passkeys, people, personSourceIds, pushSubscriptions,
  signInCodes, signInLinks, staffAccess, staffChecks, staffSessions, syncRunChanges
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import { tombstoneServedUser } from '../oneroster/refresh-objects'

export interface ErasedPerson { id: string, email: string | null, phone: string | null }

/**
 * An erased person's name key: past every name's in byte order (both databases compare text by bytes), in both halves,
 * so the directory's first pages, which read its index from the start, never step over the tombstones (at `''` the
 * 5,000 of a sweep once lay before every page one, and a first page read them all: docs/performance.md, "Retention").
 */
export const erasedNameKey = '\uFFFF\u0001\uFFFF'

/**
 * Removes one person's personal data from every table that holds it, inside the caller's transaction (issue 42
 * point 3, docs/retention.md "What an erasure removes"). Three kinds of step:
 * - rows that are the person's data and nobody else's go (names held before, contacts, medical needs, a club place,
 *   source ids, checks, login name, parental links, merge history, exit reasons, corrections asked, data-check rows);
 * - rows others still count keep their ids and lose their words (the people row itself, an absence's note and
 *   document, a consent's signature and form answers, a message delivery's address, an enquiry's relationship,
 *   Activity's recorded changes), so a class count, a billing share another payer carries and an application's outcome
 *   in admissions statistics stay whole;
 * - what lets them in goes (the account's address, passkeys, sessions, sign-in codes and links, phone notifications).
 * Billing shares, concessions, spans, class places, applications and change events name ids only and stay.
 * Answers the keys of the documents to remove from storage once the transaction has committed.
 */
export async function scrubPerson(
  tx: Db, schoolId: string, person: ErasedPerson, erasure: { now: string, actor: string }
): Promise<{ documentKeys: string[] }> {
  const { now, actor } = erasure
  const id = person.id
  // The steps touch different rows and none reads what another writes: on PostgreSQL they go out together on the
  // transaction's connection (pipelined), a few round trips for the person rather than forty.
  const [documents, held] = await Promise.all([
    tx.select({ key: absences.documentKey }).from(absences)
      .where(and(eq(absences.schoolId, schoolId), eq(absences.childId, id), isNotNull(absences.documentKey))),
    tx.select({ id: accounts.id, email: accounts.email }).from(accounts).where(eq(accounts.personId, id)),
    tx.update(people).set({
      familyName: '', givenNames: '', nameKey: erasedNameKey, dateOfBirth: null, email: null, phone: null, preferredLanguage: null,
      updatedAt: now, deletedAt: now, erasedAt: now
    }).where(eq(people.id, id)),
    tx.delete(nameHistory).where(eq(nameHistory.personId, id)),
    tx.delete(parentalResponsibilities).where(or(eq(parentalResponsibilities.adultId, id), eq(parentalResponsibilities.childId, id))),
    tx.delete(identityDecisions).where(or(eq(identityDecisions.personId, id), eq(identityDecisions.otherPersonId, id))),
    tx.delete(exitReasons).where(eq(exitReasons.personId, id)),
    tx.delete(personSourceIds).where(eq(personSourceIds.personId, id)),
    tx.delete(staffChecks).where(eq(staffChecks.personId, id)),
    tx.delete(loginNames).where(eq(loginNames.personId, id)),
    tx.delete(clubMembers).where(eq(clubMembers.personId, id)),
    tx.delete(childContacts).where(or(eq(childContacts.childId, id), eq(childContacts.personId, id))),
    tx.delete(childMedicalNeeds).where(eq(childMedicalNeeds.childId, id)),
    tx.delete(dataCheckChildren).where(or(eq(dataCheckChildren.childId, id), eq(dataCheckChildren.adultId, id))),
    tx.delete(dataCheckAdults).where(eq(dataCheckAdults.adultId, id)),
    tx.delete(detailRequests).where(or(eq(detailRequests.personId, id), eq(detailRequests.childId, id))),
    tx.delete(notificationChoices).where(eq(notificationChoices.adultId, id)),
    tx.delete(pushSubscriptions).where(eq(pushSubscriptions.adultId, id)),
    // A sync's recorded rows hold the person's fields before and after; their spans' rows hold dates only.
    tx.delete(syncRunChanges).where(and(eq(syncRunChanges.tableName, 'people'), eq(syncRunChanges.recordId, id))),
    tx.update(enquiries).set({ relationship: null }).where(or(eq(enquiries.studentId, id), eq(enquiries.enquirerId, id))),
    tx.update(applicationAdults).set({ relationship: null }).where(eq(applicationAdults.personId, id)),
    tx.update(consents).set({ signedName: null, signedAddress: null, signedBrowser: null, signedAccountId: null, formAnswers: null, medicalAnswers: null })
      .where(eq(consents.childId, id)),
    tx.update(consents).set({ signedName: null, signedAddress: null, signedBrowser: null, signedAccountId: null }).where(eq(consents.adultId, id)),
    tx.update(messageRecipients).set({ email: null, lastError: null })
      .where(and(eq(messageRecipients.schoolId, schoolId), eq(messageRecipients.adultId, id))),
    tx.update(notificationDeliveries).set({ target: '', lastError: null }).where(eq(notificationDeliveries.adultId, id)),
    // A hold ended before the erasure (none in force lets it run) keeps its dates and who placed it, not the office's reason.
    tx.update(legalHolds).set({ reason: '' }).where(and(eq(legalHolds.schoolId, schoolId), eq(legalHolds.personId, id))),
    tx.update(activity).set({ changes: null })
      .where(and(eq(activity.schoolId, schoolId), eq(activity.subjectType, 'person'), eq(activity.subjectId, id))),
    tx.update(familyAccess).set({ endedAt: now, endedBy: actor }).where(and(eq(familyAccess.personId, id), isNull(familyAccess.endedAt))),
    person.email ? tx.delete(outboxMails).where(eq(outboxMails.to, person.email)) : undefined,
    tombstoneServedUser(tx, schoolId, id)
  ])
  // After the document keys and accounts were read: the absences lose their documents, the accounts their way in.
  await Promise.all([
    // The key (ids only) stays until the bytes are gone (removeLetGoDocuments); without its type the document is served no more.
    tx.update(absences).set({ note: null, documentName: null, documentType: null, documentBytes: null, updatedAt: now })
      .where(and(eq(absences.schoolId, schoolId), eq(absences.childId, id))),
    closeAccounts(tx, schoolId, held, now, actor)
  ])
  return { documentKeys: documents.map(document => document.key!) }
}

/**
 * The person's sign-in goes: the account keeps its id (others' records name it) but not their address. An
 * account with live staff access at another school of the deployment is that school's too
 * (docs/several-schools.md): it loses this school's access, sessions and the link to the person, and keeps the rest.
 */
async function closeAccounts(tx: Db, schoolId: string, held: { id: string, email: string }[], now: string, actor: string) {
  if (!held.length) return
  const elsewhere = new Set((await tx.selectDistinct({ id: staffAccess.accountId }).from(staffAccess).where(and(
    inArray(staffAccess.accountId, held.map(account => account.id)), ne(staffAccess.schoolId, schoolId), isNull(staffAccess.endedAt)
  ))).map(row => row.id))
  const kept = held.filter(account => elsewhere.has(account.id)).map(account => account.id)
  if (kept.length) {
    await Promise.all([
      tx.update(staffSessions).set({ endedAt: now })
        .where(and(inArray(staffSessions.accountId, kept), eq(staffSessions.schoolId, schoolId), isNull(staffSessions.endedAt))),
      tx.update(staffAccess).set({ endedAt: now })
        .where(and(inArray(staffAccess.accountId, kept), eq(staffAccess.schoolId, schoolId), isNull(staffAccess.endedAt))),
      tx.update(accounts).set({ personId: null }).where(inArray(accounts.id, kept))
    ])
  }
  const closed = held.filter(account => !elsewhere.has(account.id))
  if (!closed.length) return
  const ids = closed.map(account => account.id)
  await Promise.all([
    tx.delete(passkeys).where(inArray(passkeys.accountId, ids)),
    tx.delete(signInLinks).where(inArray(signInLinks.accountId, ids)),
    tx.delete(signInCodes).where(or(inArray(signInCodes.accountId, ids), inArray(signInCodes.email, closed.map(account => account.email)))),
    tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.accountId, ids)),
    tx.update(staffSessions).set({ endedAt: now }).where(and(inArray(staffSessions.accountId, ids), isNull(staffSessions.endedAt))),
    tx.update(familyAccess).set({ endedAt: now, endedBy: actor }).where(and(inArray(familyAccess.accountId, ids), isNull(familyAccess.endedAt))),
    tx.update(staffAccess).set({ endedAt: now }).where(and(inArray(staffAccess.accountId, ids), isNull(staffAccess.endedAt))),
    // The address is unique across accounts: an erased one takes a placeholder no mail is sent to (RFC 2606's .invalid).
    ...closed.map(account => tx.update(accounts).set({ email: `erased-${account.id}@erased.invalid`, personId: null, removedAt: now })
      .where(eq(accounts.id, account.id)))
  ])
}
