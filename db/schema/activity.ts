import { table, text, index } from '../dialect'
import { schools } from './schools'

/**
 * Settings → Activity: who changed what in the school's settings, roles, tokens, webhooks, mappings,
 * sync runs, staff and restricted records, and who viewed a restricted record, with each changed
 * field before and after. Written in the transaction of the change it records, so one never
 * commits without the other. `actor` is the recorded form (`staff:acc_…`, `token:tok_…`,
 * `system:cli`); `changes` is JSON `{ field: [before, after] }`. Kept in the database, like the
 * records it describes; a school's IT person can prune it with SQL.
 */
export const activity = table('activity', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  at: text('at').notNull(),
  actor: text('actor').notNull(),
  kind: text('kind').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id'),
  summary: text('summary').notNull(),
  changes: text('changes')
}, t => [
  index('activity_school_id_at_idx').on(t.schoolId, t.at),
  index('activity_school_id_kind_at_idx').on(t.schoolId, t.kind, t.at),
  index('activity_school_id_actor_at_idx').on(t.schoolId, t.actor, t.at),
  // An erased person's entries keep their line (ids only) but lose the changes, which may hold names.
  index('activity_school_id_subject_type_subject_id_idx').on(t.schoolId, t.subjectType, t.subjectId)
])
