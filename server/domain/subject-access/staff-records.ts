import { and, asc, eq, or } from 'drizzle-orm'
import { absences, childMedicalNeeds, consents, nameHistory } from '../../../db/schema'
import type { Db } from '../../../db/client'

/**
 * The staff side's records about the subject that the portal's download leaves out, as the tables hold them: absences
 * (the child's, or those the adult reported), consent answers (about the child, or given by the adult), a child's
 * medical needs, and the names the person held before. Restricted records and third parties' details are not here:
 * they are items the office decides on one by one (review-items.ts).
 */
export async function staffRecordsAbout(db: Db, schoolId: string, subjectId: string) {
  const [absenceRows, consentRows, needs, names] = await Promise.all([
    db.select({
      id: absences.id, childId: absences.childId, fromDay: absences.fromDay, toDay: absences.toDay, fromTime: absences.fromTime, toTime: absences.toTime,
      reason: absences.reason, note: absences.note, documentName: absences.documentName, reportedBy: absences.reportedBy, reportedAt: absences.reportedAt,
      acknowledgedAt: absences.acknowledgedAt, withdrawnAt: absences.withdrawnAt
    }).from(absences)
      .where(and(eq(absences.schoolId, schoolId), or(eq(absences.childId, subjectId), eq(absences.adultId, subjectId))))
      .orderBy(asc(absences.fromDay), asc(absences.id)),
    db.select({
      id: consents.id, askId: consents.askId, purposeId: consents.purposeId, childId: consents.childId, adultId: consents.adultId,
      answer: consents.answer, effectiveFrom: consents.effectiveFrom, signedName: consents.signedName, formAnswers: consents.formAnswers,
      medicalAnswers: consents.medicalAnswers, createdAt: consents.createdAt
    }).from(consents)
      .where(and(eq(consents.schoolId, schoolId), or(eq(consents.childId, subjectId), eq(consents.adultId, subjectId))))
      .orderBy(asc(consents.createdAt), asc(consents.id)),
    db.select({ id: childMedicalNeeds.id, need: childMedicalNeeds.need, care: childMedicalNeeds.care, updatedAt: childMedicalNeeds.updatedAt })
      .from(childMedicalNeeds).where(and(eq(childMedicalNeeds.schoolId, schoolId), eq(childMedicalNeeds.childId, subjectId)))
      .orderBy(asc(childMedicalNeeds.position)),
    db.select({
      id: nameHistory.id, familyName: nameHistory.familyName, givenNames: nameHistory.givenNames, heldFrom: nameHistory.heldFrom,
      heldTo: nameHistory.heldTo, change: nameHistory.change
    }).from(nameHistory).where(and(eq(nameHistory.schoolId, schoolId), eq(nameHistory.personId, subjectId)))
      .orderBy(asc(nameHistory.heldTo), asc(nameHistory.id))
  ])
  return { absences: absenceRows, consents: consentRows, medicalNeeds: needs, nameHistory: names }
}
