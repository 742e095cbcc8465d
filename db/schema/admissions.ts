import { table, text, integer, index } from '../dialect'
import { schools } from './schools'
import { people } from './people'

export const enquiries = table('enquiries', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  studentId: text('student_id').notNull().references(() => people.id),
  enquirerId: text('enquirer_id').notNull().references(() => people.id),
  relationship: text('relationship'),
  channel: text('channel').notNull(),
  intendedEntryYear: integer('intended_entry_year'),
  receivedAt: text('received_at').notNull()
}, t => [index('enquiries_school_id_received_at_idx').on(t.schoolId, t.receivedAt)])
