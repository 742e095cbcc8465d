import { describe, expect, it } from 'vitest'
import { SQLiteSyncDialect, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { PgDialect, pgTable, text as pgText } from 'drizzle-orm/pg-core'
import { inForceOn, isInForceOn, isNotEndedBefore, notEndedBefore } from '../../../../../server/domain/days/in-force'
import { inForceCases, inForceDay } from '../../../../support/in-force-cases'

const spans = sqliteTable('spans', { validFrom: text('valid_from').notNull(), validTo: text('valid_to') })
const pgSpans = pgTable('spans', { validFrom: pgText('valid_from').notNull(), validTo: pgText('valid_to') })

describe('in force on a day', () => {
  it.each(inForceCases)('$name: in force $inForce, not ended before the day $notEnded', ({ validFrom, validTo, inForce, notEnded }) => {
    expect(isInForceOn({ validFrom, validTo }, inForceDay)).toBe(inForce)
    expect(isNotEndedBefore({ validTo }, inForceDay)).toBe(notEnded)
  })

  // The SQL states the same comparisons as the predicates; tests/integration/days/in-force.test.ts runs it on the cases.
  it('states the same rule in SQL: begun by the day, and open or ending on or after it', () => {
    const sqlite = new SQLiteSyncDialect()
    expect(sqlite.sqlToQuery(inForceOn(spans, inForceDay))).toMatchObject({
      sql: '("spans"."valid_from" <= ? and ("spans"."valid_to" is null or "spans"."valid_to" >= ?))',
      params: [inForceDay, inForceDay]
    })
    expect(sqlite.sqlToQuery(notEndedBefore(spans, inForceDay)).sql).toBe('("spans"."valid_to" is null or "spans"."valid_to" >= ?)')
    expect(new PgDialect().sqlToQuery(inForceOn(pgSpans, inForceDay)).sql)
      .toBe('("spans"."valid_from" <= $1 and ("spans"."valid_to" is null or "spans"."valid_to" >= $2))')
  })
})

describe('a span in force on a day (both ends inclusive)', () => {
  it.each([
    ['the day before it starts', '2026-02-01', null, '2026-01-31', false],
    ['the day it starts', '2026-02-01', null, '2026-02-01', true],
    ['long after, while open', '2026-02-01', null, '2036-02-01', true],
    ['the day it ends', '2026-02-01', '2026-12-10', '2026-12-10', true],
    ['the day after it ends', '2026-02-01', '2026-12-10', '2026-12-11', false],
    ['its only day', '2026-02-01', '2026-02-01', '2026-02-01', true]
  ])('%s', (_, validFrom, validTo, day, expected) => {
    expect(isInForceOn({ validFrom, validTo }, day)).toBe(expected)
  })
})
