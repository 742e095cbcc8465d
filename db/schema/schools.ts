import { table, text, integer, bigint, index } from '../dialect'

import type { AbsenceReason, AlumniRule, HeldPart, PortalSection } from '../../shared/vocabulary'

export { moduleNames, type ModuleName, type ModuleMode } from '../../shared/vocabulary'

/** The lists a school keeps for itself; a fresh school starts with the defaults in docs/decisions.md. */
export interface SchoolLists {
  channels: string[]
  relationships: string[]
  withdrawalReasons: string[]
  yearLevels: string[]
  finalYearLevel: string
  audiences: string[]
  alumniRule: AlumniRule
  /** Parts of a person the school keeps in its student information system: only a people sync changes them. */
  heldElsewhere?: HeldPart[]
  /** Family portal sections the school switched off for families; staff previewing still see them. */
  portalSectionsOff?: PortalSection[]
  /** ISO 4217 code of the currency fee schedules are in (amounts are whole minor units of it); `AUD` until set. */
  currency?: string
  /** BCP 47 tags of the shipped languages (shared/languages.ts) the school offers its families; English always, and alone until chosen. */
  languages?: string[]
  /** Absence reasons the school offers (all, in the shipped order, until chosen); docs/absences.md. */
  absenceReasons?: AbsenceReason[]
  /** Reasons whose notes and documents only staff holding `restricted.read` open (`medical_appointment` until chosen). */
  sensitiveAbsenceReasons?: AbsenceReason[]
}

export const schools = table('schools', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  lists: text('lists').notNull(),
  modules: text('modules').notNull(),
  /** Bumped by every write of the school's data or settings, in that write's transaction; see server/domain/shared/school-data-cache.ts. */
  dataVersion: integer('data_version').notNull().default(0),
  /** The school's last event position (change_events.position): its own numbering, so the events feed counts no other school's writes. */
  lastEventPosition: bigint('last_event_position').notNull().default(0),
  createdAt: text('created_at').notNull()
})

export const campuses = table('campuses', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  sisCode: text('sis_code')
}, t => [index('campuses_school_id_idx').on(t.schoolId)])

export const serverSecrets = table('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull()
})
