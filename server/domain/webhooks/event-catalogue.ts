import type { WebhookEventKind } from '../../../shared/vocabulary'

/** What causes each event kind, in a line the settings screen shows beside it (docs/webhooks.md lists the same). */
export const webhookEventCauses = {
  'person.created': 'A person is added: by the office, an enrolment, an application or a people sync.',
  'person.updated': 'A person\'s name or date of birth changes, or a sync amends them.',
  'person.deleted': 'A person is removed from the school\'s records.',
  'affiliation.created': 'Someone gains a role at the school: student, staff member, applicant and so on.',
  'affiliation.updated': 'A role\'s dates, year level or campus change, such as a student leaving.',
  'affiliation.deleted': 'A role recorded in error is removed.',
  'billing.updated': 'Who pays, their shares, concessions or scholarships change.',
  'enquiry.created': 'A family makes an enquiry.',
  'booking.created': 'A family books a place on a tour.',
  'application.created': 'An application is received.',
  'application.updated': 'An application moves on: offered, accepted, declined, started, withdrawn.',
  'enrolment.created': 'A child admitted elsewhere is enrolled directly.',
  'sync_run.updated': 'A people sync run changes status: paused, applied, failed, cancelled or reverted.',
  'staff_import.completed': 'A staff import from the HRIS finishes.',
  'export.produced': 'A warehouse export file is produced.',
  'tour.created': 'A tour is scheduled.',
  'tour.updated': 'A tour\'s time, place or capacity changes.',
  'class.created': 'A class is added by a timetable import.',
  'class.updated': 'A class\'s title, room or periods change.',
  'class_member.created': 'A student joins a class.',
  'class_member.updated': 'A student\'s place in a class changes or ends.',
  'teaching_assignment.created': 'A teacher is assigned to a class.',
  'teaching_assignment.updated': 'A teaching assignment changes or ends.',
  'academic_session.created': 'A school year or term is recorded.',
  'academic_session.updated': 'A school year\'s or term\'s dates or title change.',
  'course.created': 'A course is added by a timetable import.',
  'course.updated': 'A course\'s title, subject or year levels change.',
  'staff_check.created': 'A staff check (such as a working-with-children check) is recorded.',
  'staff_check.updated': 'A staff check\'s number or expiry changes.'
} as const satisfies Record<WebhookEventKind, string>
