import type { ConcessionKind } from '../../../shared/vocabulary'
import { concessionKinds } from '../../../shared/vocabulary'
import type { Span } from '../days/calendar'
import { isInForceOn } from '../days/in-force'
import { wholeBasisPoints } from '../../../shared/basis-points'

/*
 * The statement: what a student is charged in one billing period of one schedule version, and who
 * pays which part. One pure function, in integer minor units throughout (never a float), so the
 * same inputs always give the same parts and the parts of every total add up to it exactly.
 * docs/fees.md explains the rules with a worked example.
 */

/** The charge category that every category without rows of its own is paid as. */
export const allCategory = 'all'
export interface StatementLine {
  id: string
  category: string
  description: string
  /** Minor units (cents), a whole number. */
  amount: number
  /** The one period the line is charged in; null: every period of the version. */
  periodId: string | null
  /** Year levels it applies to; empty: every year level. */
  yearLevels: readonly string[]
  /** The campus it applies to; null: every campus. */
  campusId: string | null
}

/** How a concession kind reduces each line it applies to: by basis points of the line, or by a fixed amount. */
export interface ConcessionRule {
  kind: ConcessionKind
  /** The category it reduces; null: every category. */
  category: string | null
  percentBasisPoints: number | null
  amount: number | null
}

export interface StatementInput {
  period: { id: string, startsOn: string }
  lines: readonly StatementLine[]
  /** The student's place on the period's first day; null when not on the roll then (nothing is charged). */
  placement: { yearLevel: string | null, campusId: string | null } | null
  rules: readonly ConcessionRule[]
  /** The student's concessions, every span; those in force on the period's first day apply. */
  concessions: readonly (Span & { kind: ConcessionKind })[]
  /** The student's billing responsibilities, every span; those in force on the period's first day apply. */
  responsibilities: readonly (Span & { payerId: string, category: string, share: number })[]
}

export interface PayerPart {
  payerId: string
  share: number
  amount: number
}

export interface StatementCategory {
  category: string
  lines: { id: string, description: string, amount: number, reductions: { kind: ConcessionKind, amount: number }[], charged: number }[]
  /** What the category's lines come to after concessions. */
  total: number
  /** The category whose responsibilities split it: itself, or `all` when it has no rows of its own in force. */
  paidAs: string
  /** In the stated order: largest share first, then by payer id. The first takes the split's remainder. */
  parts: PayerPart[]
  /** What no responsibility covers (no rows for the category or for `all`): the whole total, or zero. */
  unassigned: number
}

export interface Statement {
  periodId: string
  /** The period's first day: responsibilities and concessions are taken as they stood then. */
  asAt: string
  categories: StatementCategory[]
  total: number
  /** Each payer's whole part, in the order of first appearance over the categories. */
  payers: { payerId: string, amount: number }[]
  unassigned: number
}

/** Whether a line is charged to the student in the period. */
function lineApplies(line: StatementLine, periodId: string, placement: NonNullable<StatementInput['placement']>): boolean {
  if (line.periodId !== null && line.periodId !== periodId) return false
  if (line.yearLevels.length > 0 && (placement.yearLevel === null || !line.yearLevels.includes(placement.yearLevel))) return false
  if (line.campusId !== null && line.campusId !== placement.campusId) return false
  return true
}

const kindRank = (kind: ConcessionKind) => concessionKinds.indexOf(kind)

/**
 * A line after the concessions held: each applying rule in the order of the concession kinds, each on
 * what the line still comes to. A percentage takes the whole minor units of its basis points (rounded
 * down); a fixed amount takes at most what is left, so a line never goes below zero.
 */
function reduceLine(amount: number, category: string, rules: readonly ConcessionRule[], held: ReadonlySet<ConcessionKind>) {
  const applying = rules.filter(rule => held.has(rule.kind) && (rule.category === null || rule.category === category))
    .sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || Number(a.category === null) - Number(b.category === null))
  let left = amount
  const reductions: { kind: ConcessionKind, amount: number }[] = []
  for (const rule of applying) {
    const wanted = rule.percentBasisPoints !== null ? Math.floor(left * rule.percentBasisPoints / wholeBasisPoints) : rule.amount ?? 0
    const taken = Math.min(left, wanted)
    left -= taken
    reductions.push({ kind: rule.kind, amount: taken })
  }
  return { reductions, charged: left }
}

/**
 * Splits a total by shares: each payer's part is the whole minor units of total × share ÷ (the shares'
 * sum), rounded down, and what those leave (fewer minor units than there are payers) goes to the
 * first payer in the stated order, largest share first, then by payer id. The parts add up to the total.
 */
export function splitTotal(total: number, shares: readonly { payerId: string, share: number }[]): PayerPart[] {
  const ordered = [...shares].sort((a, b) => b.share - a.share || (a.payerId < b.payerId ? -1 : a.payerId > b.payerId ? 1 : 0))
  const sum = ordered.reduce((acc, row) => acc + row.share, 0)
  if (ordered.length === 0 || sum <= 0) return []
  const parts = ordered.map(row => ({ payerId: row.payerId, share: row.share, amount: Math.floor(total * row.share / sum) }))
  parts[0]!.amount += total - parts.reduce((acc, part) => acc + part.amount, 0)
  return parts
}

/** The statement of one student for one period of one version; see the rules above. */
export function computeStatement(input: StatementInput): Statement {
  const day = input.period.startsOn
  const placement = input.placement
  const lines = placement ? input.lines.filter(line => lineApplies(line, input.period.id, placement)) : []
  const held = new Set(input.concessions.filter(row => isInForceOn(row, day)).map(row => row.kind))
  const inForce = input.responsibilities.filter(row => isInForceOn(row, day))
  const sharesOf = (category: string) => {
    const payers = new Map<string, number>()
    for (const row of inForce) if (row.category === category) payers.set(row.payerId, (payers.get(row.payerId) ?? 0) + row.share)
    return [...payers].map(([payerId, share]) => ({ payerId, share }))
  }
  const categoryNames = [...new Set(lines.map(line => line.category))].sort()
  const categories = categoryNames.map((category): StatementCategory => {
    const own = lines.filter(line => line.category === category)
      .map(line => ({ id: line.id, description: line.description, amount: line.amount, ...reduceLine(line.amount, category, input.rules, held) }))
    const total = own.reduce((acc, line) => acc + line.charged, 0)
    const ownShares = sharesOf(category)
    const paidAs = ownShares.length ? category : allCategory
    const parts = splitTotal(total, ownShares.length ? ownShares : sharesOf(allCategory))
    return { category, lines: own, total, paidAs, parts, unassigned: parts.length ? 0 : total }
  })
  const payers = new Map<string, number>()
  for (const category of categories) for (const part of category.parts) payers.set(part.payerId, (payers.get(part.payerId) ?? 0) + part.amount)
  return {
    periodId: input.period.id,
    asAt: day,
    categories,
    total: categories.reduce((acc, category) => acc + category.total, 0),
    payers: [...payers].map(([payerId, amount]) => ({ payerId, amount })),
    unassigned: categories.reduce((acc, category) => acc + category.unassigned, 0)
  }
}
