import { z } from 'zod'
import { concessionKinds, feePeriodKinds, feeVersionStates } from '../vocabulary'
import { day, listValue, plainLine, recordId, timestamp } from './common'
import { wholeBasisPoints } from '../basis-points'

/*
 * Fee schedules on the office's screens and the family's Fees: the forms' schemas, which the server
 * validates with too, and the answers. Amounts are whole minor units of the school's currency (cents);
 * none of this reaches /api/v1.
 */

/** Largest amount of one line: ten million in major units. */
export const maxFeeAmount = 1_000_000_000
const amount = z.number().int('A whole number of cents.').min(0, 'Not below zero.').max(maxFeeAmount, `At most ${maxFeeAmount}.`)
const category = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Lower-case letters, digits and _, starting with a letter.')

export const feeScheduleInput = z.strictObject({
  name: plainLine(200, 'A schedule needs a name.'),
  startsOn: day,
  endsOn: day
})

export const feePeriodInput = z.strictObject({
  name: plainLine(100, 'A period needs a name.'),
  kind: z.enum(feePeriodKinds, 'Choose term, semester, month, year or one-off.'),
  startsOn: day,
  endsOn: day
})

export const feeLineInput = z.strictObject({
  category,
  description: plainLine(200, 'A line needs a description.'),
  amount,
  /** The name of the one period it is charged in; null: every period. */
  period: z.string().max(100).nullable().default(null),
  /** Empty: every year level. */
  yearLevels: z.array(listValue(100)).max(50).default([]),
  campusId: recordId('cmp').nullable().default(null)
})

export const feeConcessionRuleInput = z.strictObject({
  kind: z.enum(concessionKinds, 'Not a concession kind.'),
  category: category.nullable().default(null),
  percentBasisPoints: z.number().int().min(1).max(wholeBasisPoints).nullable().default(null),
  amount: amount.nullable().default(null)
}).refine(rule => (rule.percentBasisPoints === null) !== (rule.amount === null), {
  error: 'Give a percentage or an amount, not both.', path: ['percentBasisPoints']
})

/** A draft's whole content: what it says replaces what it said. */
export const feeDraftInput = z.strictObject({
  periods: z.array(feePeriodInput).min(1, 'A schedule needs at least one billing period.').max(36),
  lines: z.array(feeLineInput).max(500),
  concessionRules: z.array(feeConcessionRuleInput).max(60).default([]),
  /** A correction's first day; only a correction has one. */
  appliesFrom: day.optional()
})
export type FeeDraftInput = z.input<typeof feeDraftInput>

export const feeCorrectionInput = z.strictObject({ appliesFrom: day })

export const feeVersionParams = z.object({ id: recordId('fsv') })
export const feeScheduleParams = z.object({ id: recordId('fsc') })
export const feeStatementParams = z.object({ id: recordId('fsv'), studentId: recordId('per') })

const versionSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(feeVersionStates),
  replacesVersionId: z.string().nullable(),
  appliesFrom: day.nullable(),
  createdAt: timestamp,
  createdBy: z.string(),
  publishedAt: timestamp.nullable(),
  publishedBy: z.string().nullable()
})

export const feeScheduleListSchema = z.object({
  currency: z.string(),
  /** What a line can apply to: the school's year levels, in order, and its campuses. */
  choices: z.object({ yearLevels: z.array(z.string()), campuses: z.array(z.object({ id: z.string(), name: z.string() })) }),
  schedules: z.array(z.object({ id: z.string(), name: z.string(), startsOn: day, endsOn: day, versions: z.array(versionSummary) }))
})

const periodSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(feePeriodKinds), startsOn: day, endsOn: day })

export const feeVersionSchema = versionSummary.extend({
  scheduleId: z.string(),
  scheduleName: z.string(),
  startsOn: day,
  endsOn: day,
  currency: z.string(),
  periods: z.array(periodSchema),
  lines: z.array(z.object({
    id: z.string(), category: z.string(), description: z.string(), amount: z.number().int(),
    period: z.string().nullable(), yearLevels: z.array(z.string()), campusId: z.string().nullable()
  })),
  concessionRules: z.array(z.object({
    kind: z.enum(concessionKinds), category: z.string().nullable(), percentBasisPoints: z.number().int().nullable(),
    amount: z.number().int().nullable()
  }))
})

const personName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })
const statementLine = z.object({
  description: z.string(), amount: z.number().int(),
  reductions: z.array(z.object({ kind: z.enum(concessionKinds), amount: z.number().int() })), charged: z.number().int()
})

/** A student's statement for one period, as the office reads it: every payer's part. */
export const feeStatementSchema = z.object({
  currency: z.string(),
  student: personName,
  version: z.object({ id: z.string(), number: z.number().int(), state: z.enum(feeVersionStates), scheduleName: z.string() }),
  periods: z.array(z.object({
    period: periodSchema,
    placement: z.object({ yearLevel: z.string().nullable(), campus: z.string().nullable() }).nullable(),
    categories: z.array(z.object({
      category: z.string(),
      paidAs: z.string(),
      lines: z.array(statementLine),
      total: z.number().int(),
      parts: z.array(personName.extend({ share: z.number().int(), amount: z.number().int() })),
      unassigned: z.number().int()
    })),
    total: z.number().int(),
    payers: z.array(personName.extend({ amount: z.number().int() })),
    unassigned: z.number().int()
  }))
})

/** What one payer sees on the portal's Fees: their own part of each period's charges, never another payer's. */
export const portalFeesSchema = z.object({
  currency: z.string(),
  children: z.array(z.object({
    child: personName,
    schedules: z.array(z.object({
      id: z.string(),
      name: z.string(),
      periods: z.array(z.object({
        period: periodSchema,
        version: z.object({ id: z.string(), number: z.number().int() }),
        categories: z.array(z.object({
          category: z.string(),
          lines: z.array(statementLine),
          total: z.number().int(),
          /** The caller's own share, in basis points, and what it comes to. */
          share: z.number().int(),
          amount: z.number().int()
        })),
        amount: z.number().int()
      }))
    }))
  }))
})
