import { table, text, integer, index } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { ConcessionKind } from '../../shared/vocabulary'

export { concessionKinds, type ConcessionKind } from '../../shared/vocabulary'

/** The charge category every other category falls back to when it has no rows of its own. */
export const allCharges = 'all'

/** Who pays a share of one category of a student's charges, for a span of days. */
export const billingResponsibilities = table('billing_responsibilities', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  studentId: text('student_id').notNull().references(() => people.id),
  payerId: text('payer_id').notNull().references(() => people.id),
  category: text('category').notNull(),
  /** Basis points: the open shares of one category total 10000. */
  share: integer('share').notNull(),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [index('billing_responsibilities_student_id_category_idx').on(t.studentId, t.category)])

/** A concession a student holds for a span; a kind only, never an amount. */
export const concessions = table('concessions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  studentId: text('student_id').notNull().references(() => people.id),
  kind: text('kind').$type<ConcessionKind>().notNull(),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [index('concessions_student_id_idx').on(t.studentId)])
