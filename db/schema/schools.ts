import { table, text, integer, index } from '../dialect'

export const moduleNames = ['people', 'billing', 'admissions', 'rosters', 'staff_import', 'people_sync', 'exports', 'webhooks'] as const
export type ModuleName = typeof moduleNames[number]
export type ModuleMode = 'on' | 'read_only' | 'off'

/** The lists a school keeps for itself; a fresh school starts with the defaults in DECISIONS. */
export interface SchoolLists {
  channels: string[]
  relationships: string[]
  withdrawalReasons: string[]
  yearLevels: string[]
  finalYearLevel: string
  audiences: string[]
  alumniRule: 'any_former_student' | 'completed_final_year'
}

export const schools = table('schools', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  lists: text('lists').notNull(),
  modules: text('modules').notNull(),
  /** Bumped by every write of the school's data, in that write's transaction; see answer-cache.ts. */
  dataVersion: integer('data_version').notNull().default(0),
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
