import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { computeStatement, splitTotal, type StatementInput, type StatementLine } from '../../../../../server/domain/fees/compute-statement'
import { periodsInForce } from '../../../../../server/domain/fees/read-fees'

const term = { id: 'prd_t1', startsOn: '2027-01-28' }
const line = (id: string, category: string, amount: number, extra: Partial<StatementLine> = {}): StatementLine =>
  ({ id, category, description: `${category} ${id}`, amount, periodId: null, yearLevels: [], campusId: null, ...extra })
const pays = (payerId: string, category: string, share: number, validFrom = '2020-01-01', validTo: string | null = null) =>
  ({ payerId, category, share, validFrom, validTo })
const base: StatementInput = { period: term, lines: [], placement: { yearLevel: '3', campusId: 'cmp_north' }, rules: [], concessions: [], responsibilities: [] }

describe('splitting a total between payers', () => {
  it.each([
    ['10,001 over three payers at 3,333 bp each: the first takes the remainder', 10_001,
      [pays('per_a', 'all', 3333), pays('per_b', 'all', 3333), pays('per_c', 'all', 3333)], [3335, 3333, 3333]],
    ['10,001 over 3,334 / 3,333 / 3,333: the largest share is first', 10_001,
      [pays('per_c', 'all', 3333), pays('per_b', 'all', 3333), pays('per_a', 'all', 3334)], [3335, 3333, 3333]],
    ['an even half', 10_000, [pays('per_a', 'all', 5000), pays('per_b', 'all', 5000)], [5000, 5000]],
    ['one cent over two payers', 1, [pays('per_b', 'all', 5000), pays('per_a', 'all', 5000)], [1, 0]],
    ['70/30 of an odd amount', 99_999, [pays('per_b', 'all', 3000), pays('per_a', 'all', 7000)], [70_000, 29_999]],
    ['nothing to split', 0, [pays('per_a', 'all', 6000), pays('per_b', 'all', 4000)], [0, 0]]
  ])('%s', (_, total, shares, amounts) => {
    const parts = splitTotal(total, shares)
    expect(parts.map(part => part.amount)).toEqual(amounts)
    expect(parts.reduce((acc, part) => acc + part.amount, 0)).toBe(total)
  })

  it('orders payers by share, largest first, then by payer id', () => {
    expect(splitTotal(100, [pays('per_z', 'all', 2500), pays('per_b', 'all', 5000), pays('per_a', 'all', 2500)]).map(part => part.payerId))
      .toEqual(['per_b', 'per_a', 'per_z'])
  })
})

describe('a student\'s statement for a period', () => {
  it('splits 10,001 minor units over three payers at 3,333 bp each so the parts add up', () => {
    const statement = computeStatement({
      ...base, lines: [line('fln_1', 'tuition', 10_001)],
      responsibilities: [pays('per_a', 'tuition', 3333), pays('per_b', 'tuition', 3333), pays('per_c', 'tuition', 3333)]
    })
    expect(statement.categories[0]!.parts).toEqual([
      { payerId: 'per_a', share: 3333, amount: 3335 }, { payerId: 'per_b', share: 3333, amount: 3333 }, { payerId: 'per_c', share: 3333, amount: 3333 }
    ])
    expect(statement.total).toBe(10_001)
    expect(statement.payers).toEqual([{ payerId: 'per_a', amount: 3335 }, { payerId: 'per_b', amount: 3333 }, { payerId: 'per_c', amount: 3333 }])
  })

  it('pays a category with no rows of its own the way `all` is, and one with rows its own way', () => {
    const statement = computeStatement({
      ...base,
      lines: [line('fln_1', 'tuition', 500_000), line('fln_2', 'excursions', 30_000)],
      responsibilities: [pays('per_mum', 'all', 5000), pays('per_dad', 'all', 5000), pays('per_nan', 'excursions', 10_000)]
    })
    expect(statement.categories.map(c => [c.category, c.paidAs, c.parts.map(p => [p.payerId, p.amount])])).toEqual([
      ['excursions', 'excursions', [['per_nan', 30_000]]],
      ['tuition', 'all', [['per_dad', 250_000], ['per_mum', 250_000]]]
    ])
    expect(statement.unassigned).toBe(0)
  })

  it('leaves a category nobody pays unassigned, still counted in the total', () => {
    const statement = computeStatement({ ...base, lines: [line('fln_1', 'tuition', 1234)], responsibilities: [pays('per_a', 'music', 10_000)] })
    expect(statement.categories[0]).toMatchObject({ total: 1234, parts: [], unassigned: 1234 })
    expect(statement).toMatchObject({ total: 1234, unassigned: 1234, payers: [] })
  })

  it.each([
    ['a percentage (25%, rounded down to whole cents)', { kind: 'sibling', category: null, percentBasisPoints: 2500, amount: null }, 100_001, 25_000, 75_001],
    ['a fixed amount', { kind: 'sibling', category: 'tuition', percentBasisPoints: null, amount: 15_000 }, 100_000, 15_000, 85_000],
    ['a fixed amount larger than the line: never below zero', { kind: 'sibling', category: null, percentBasisPoints: null, amount: 15_000 }, 10_000, 10_000, 0]
  ] as const)('reduces a line by a concession held: %s', (_, rule, amount, reduction, charged) => {
    const statement = computeStatement({
      ...base, lines: [line('fln_1', 'tuition', amount)], rules: [rule],
      concessions: [{ kind: 'sibling', validFrom: '2026-01-01', validTo: null }], responsibilities: [pays('per_a', 'all', 10_000)]
    })
    expect(statement.categories[0]!.lines[0]).toMatchObject({ amount, reductions: [{ kind: 'sibling', amount: reduction }], charged })
    expect(statement.total).toBe(charged)
  })

  it('applies a concession only while held on the period\'s first day, and only to its category', () => {
    const input: StatementInput = {
      ...base,
      lines: [line('fln_1', 'tuition', 10_000), line('fln_2', 'uniform', 10_000)],
      rules: [{ kind: 'staff', category: 'tuition', percentBasisPoints: 5000, amount: null }],
      responsibilities: [pays('per_a', 'all', 10_000)]
    }
    expect(computeStatement({ ...input, concessions: [{ kind: 'staff', validFrom: '2027-01-28', validTo: null }] }).total).toBe(15_000)
    expect(computeStatement({ ...input, concessions: [{ kind: 'staff', validFrom: '2027-01-29', validTo: null }] }).total).toBe(20_000)
    expect(computeStatement({ ...input, concessions: [{ kind: 'staff', validFrom: '2026-01-01', validTo: '2027-01-27' }] }).total).toBe(20_000)
    expect(computeStatement({ ...input, concessions: [{ kind: 'bursary', validFrom: '2026-01-01', validTo: null }] }).total).toBe(20_000)
  })

  it('applies several concessions in the order of the kinds, each on what is left', () => {
    const statement = computeStatement({
      ...base, lines: [line('fln_1', 'tuition', 10_000)],
      rules: [
        { kind: 'bursary', category: null, percentBasisPoints: null, amount: 1000 },
        { kind: 'sibling', category: null, percentBasisPoints: 1000, amount: null }
      ],
      concessions: [{ kind: 'bursary', validFrom: '2020-01-01', validTo: null }, { kind: 'sibling', validFrom: '2020-01-01', validTo: null }],
      responsibilities: [pays('per_a', 'all', 10_000)]
    })
    expect(statement.categories[0]!.lines[0]!.reductions).toEqual([{ kind: 'sibling', amount: 1000 }, { kind: 'bursary', amount: 1000 }])
    expect(statement.total).toBe(8000)
  })

  it('takes the responsibilities in force on the period\'s first day when they changed mid-year', () => {
    const responsibilities = [
      pays('per_mum', 'all', 5000, '2026-01-01', '2027-06-30'), pays('per_dad', 'all', 5000, '2026-01-01', '2027-06-30'),
      pays('per_mum', 'all', 10_000, '2027-07-01')
    ]
    const lines = [line('fln_1', 'tuition', 400_000)]
    const first = computeStatement({ ...base, period: { id: 'prd_t1', startsOn: '2027-01-28' }, lines, responsibilities })
    const third = computeStatement({ ...base, period: { id: 'prd_t3', startsOn: '2027-07-13' }, lines, responsibilities })
    const onTheDay = computeStatement({ ...base, period: { id: 'prd_t3', startsOn: '2027-07-01' }, lines, responsibilities })
    expect(first.payers).toEqual([{ payerId: 'per_dad', amount: 200_000 }, { payerId: 'per_mum', amount: 200_000 }])
    expect(third.payers).toEqual([{ payerId: 'per_mum', amount: 400_000 }])
    expect(onTheDay.payers).toEqual([{ payerId: 'per_mum', amount: 400_000 }])
  })

  it.each([
    ['a line of another period', line('fln_1', 'camp', 5000, { periodId: 'prd_t2' }), 0],
    ['a line of this period', line('fln_1', 'camp', 5000, { periodId: 'prd_t1' }), 5000],
    ['a line of other year levels', line('fln_1', 'tuition', 5000, { yearLevels: ['7', '8'] }), 0],
    ['a line of the student\'s year level', line('fln_1', 'tuition', 5000, { yearLevels: ['2', '3'] }), 5000],
    ['a line of another campus', line('fln_1', 'tuition', 5000, { campusId: 'cmp_south' }), 0],
    ['a line of the student\'s campus', line('fln_1', 'tuition', 5000, { campusId: 'cmp_north' }), 5000]
  ])('charges only the lines that apply: %s', (_, charged, total) => {
    expect(computeStatement({ ...base, lines: [charged], responsibilities: [pays('per_a', 'all', 10_000)] }).total).toBe(total)
  })

  it('charges nothing to a student not on the roll on the period\'s first day', () => {
    expect(computeStatement({ ...base, placement: null, lines: [line('fln_1', 'tuition', 5000)] })).toMatchObject({ total: 0, categories: [] })
  })
})

const payerIds = ['per_a', 'per_b', 'per_c', 'per_d', 'per_e']
const categories = ['all', 'tuition', 'uniform', 'camp']
const arbitraryInput = fc.record({
  lines: fc.array(fc.record({ category: fc.constantFrom(...categories.slice(1)), amount: fc.integer({ min: 0, max: 1_000_000_000 }) }), { maxLength: 12 }),
  rules: fc.array(fc.oneof(
    fc.record({ kind: fc.constantFrom('sibling', 'staff', 'bursary'), percentBasisPoints: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ kind: fc.constantFrom('sibling', 'staff', 'bursary'), amount: fc.integer({ min: 0, max: 2_000_000_000 }) })
  ), { maxLength: 3 }),
  held: fc.subarray(['sibling', 'staff', 'bursary'] as const),
  splits: fc.array(
    fc.record({ category: fc.constantFrom(...categories), payerId: fc.constantFrom(...payerIds), share: fc.integer({ min: 1, max: 10_000 }) }),
    { maxLength: 10 }
  )
})

describe('every statement adds up (fast-check)', () => {
  it('splits any total by any shares into parts that add up to it, none negative', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.uniqueArray(
        fc.record({ payerId: fc.constantFrom(...payerIds), share: fc.integer({ min: 1, max: 10_000 }) }),
        { selector: row => row.payerId, minLength: 1 }
      ),
      (total, shares) => {
        const parts = splitTotal(total, shares)
        expect(parts.reduce((acc, part) => acc + part.amount, 0)).toBe(total)
        for (const part of parts) expect(Number.isInteger(part.amount) && part.amount >= 0).toBe(true)
      }
    ), { numRuns: 500 })
  })

  it('makes every category\'s parts and every payer\'s whole add up to the statement\'s total, for random lines, concessions and splits', () => {
    fc.assert(fc.property(arbitraryInput, (random) => {
      const statement = computeStatement({
        ...base,
        lines: random.lines.map((row, i) => line(`fln_${i}`, row.category, row.amount)),
        rules: random.rules.map(rule => ({
          kind: rule.kind, category: null, percentBasisPoints: 'percentBasisPoints' in rule ? rule.percentBasisPoints : null,
          amount: 'amount' in rule ? rule.amount : null
        })),
        concessions: random.held.map(kind => ({ kind, validFrom: '2020-01-01', validTo: null })),
        responsibilities: random.splits.map(row => pays(row.payerId, row.category, row.share))
      })
      for (const category of statement.categories) {
        expect(category.parts.reduce((acc, part) => acc + part.amount, 0) + category.unassigned).toBe(category.total)
        expect(category.lines.reduce((acc, row) => acc + row.charged, 0)).toBe(category.total)
        for (const row of category.lines) expect(row.charged + row.reductions.reduce((acc, r) => acc + r.amount, 0)).toBe(row.amount)
      }
      expect(statement.payers.reduce((acc, payer) => acc + payer.amount, 0) + statement.unassigned).toBe(statement.total)
      expect(statement.categories.reduce((acc, category) => acc + category.total, 0)).toBe(statement.total)
    }), { numRuns: 300 })
  })
})

describe('which published version charges each period', () => {
  const version = (id: string, number: number, appliesFrom: string | null, starts: string[]) =>
    ({ version: { id, number, appliesFrom }, periods: starts.map(startsOn => ({ id: `${id}:${startsOn}`, startsOn })) })
  const terms = ['2027-01-28', '2027-04-27', '2027-07-13', '2027-10-05']

  it.each([
    ['the first version alone charges every period', [version('v1', 1, null, terms)], ['v1', 'v1', 'v1', 'v1']],
    [
      'a correction charges the periods that start on or after its day', [version('v1', 1, null, terms), version('v2', 2, '2027-04-01', terms)],
      ['v1', 'v2', 'v2', 'v2']
    ],
    [
      'a period starting on the correction\'s day is the correction\'s', [version('v1', 1, null, terms), version('v2', 2, '2027-07-13', terms)],
      ['v1', 'v1', 'v2', 'v2']
    ],
    [
      'two corrections, each from its day',
      [version('v1', 1, null, terms), version('v2', 2, '2027-04-01', terms), version('v3', 3, '2027-10-01', terms)], ['v1', 'v2', 'v2', 'v3']
    ],
    [
      'a correction that changed the periods charges its own from its day',
      [version('v1', 1, null, terms), version('v2', 2, '2027-07-01', ['2027-07-20', '2027-10-05'])], ['v1', 'v1', 'v2', 'v2']
    ]
  ])('%s', (_, published, expected) => {
    const charged = periodsInForce(published)
    expect(charged.map(entry => entry.version.id)).toEqual(expected)
    expect(charged.map(entry => entry.period.startsOn)).toEqual([...charged.map(entry => entry.period.startsOn)].sort())
  })
})
