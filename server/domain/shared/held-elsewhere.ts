import type { HeldPart } from '../../../shared/vocabulary'
import type { SchoolRef } from './school-ref'
import { domainError } from './domain-error'

const partLabels: Record<HeldPart, string> = {
  names: 'names',
  dateOfBirth: 'dates of birth',
  studentSpans: 'student enrolment spans'
}

/**
 * Refuses, before anything is written, a change to a part of a person that the school keeps in its
 * student information system: there only a people sync changes it (docs/imports.md).
 */
export function refuseHeldElsewhere(school: SchoolRef, part: HeldPart): void {
  if (school.lists.heldElsewhere?.includes(part)) {
    throw domainError(
      'held_elsewhere',
      [`The school keeps ${partLabels[part]} in its student information system; change them there and the next sync brings them here.`]
    )
  }
}
