import { and, asc, eq, inArray } from 'drizzle-orm'
import { parentalResponsibilities } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { spansOverlap } from '../days/calendar'
import { checkSpanInput } from '../days/span-input'
import { closeSpan } from '../days/close-span'
import { domainError } from '../shared/domain-error'
import { requirePerson } from './require-person'
import { excerpt } from '../../../shared/excerpt'

export interface NewParentalResponsibility {
  adultId: string
  childId: string
  /** One of the relationships the school lists. */
  relationship?: string | null
  validFrom: string
  validTo?: string | null
}

/**
 * Gives an adult parental responsibility for a child inside a write. The child's record is
 * announced as changed: the responsibility is part of what the school holds about the child.
 */
export async function insertParentalResponsibility(tx: Db, changes: ChangeLog, school: SchoolRef, input: NewParentalResponsibility): Promise<string> {
  const span = { validFrom: input.validFrom, validTo: input.validTo ?? null }
  checkSpanInput(span)
  if (input.adultId === input.childId) throw domainError('unprocessable', ['A person cannot hold parental responsibility for themselves.'])
  if (input.relationship != null && !school.lists.relationships.includes(input.relationship)) {
    throw domainError(
      'unprocessable',
      [`The school does not list the relationship "${excerpt(input.relationship)}". It lists: ${school.lists.relationships.join(', ')}.`]
    )
  }
  await requirePerson(tx, school, input.adultId, 'adult')
  await requirePerson(tx, school, input.childId, 'child')
  const existing = await tx.select().from(parentalResponsibilities)
    .where(and(eq(parentalResponsibilities.adultId, input.adultId), eq(parentalResponsibilities.childId, input.childId)))
  const clash = existing.find(other => spansOverlap(other, span))
  if (clash) throw domainError('unprocessable', [`The adult already holds parental responsibility for the child from ${clash.validFrom}.`])
  const id = newId('par')
  await tx.insert(parentalResponsibilities).values({
    id, schoolId: school.id, adultId: input.adultId, childId: input.childId, relationship: input.relationship ?? null, ...span, createdAt: timestampNow()
  })
  changes.record('person.updated', 'people', input.childId)
  return id
}

export function openParentalResponsibility(ctx: DomainContext, input: NewParentalResponsibility): Promise<string> {
  return writeChanges(ctx, (tx, changes) => insertParentalResponsibility(tx, changes, ctx.school, input))
}

/** Ends an adult's parental responsibility for a child on its last day. */
export function closeParentalResponsibility(ctx: DomainContext, responsibilityId: string, lastDay: string): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const row = await closeSpan(tx, ctx.school, parentalResponsibilities, responsibilityId, lastDay, { label: 'parental responsibility' })
    changes.record('person.updated', 'people', row.childId)
  })
}

/** Every parental responsibility, open or closed, for these children of the school. */
export async function parentalResponsibilitiesFor(ctx: DomainContext, childIds: readonly string[]) {
  if (childIds.length === 0) return []
  const { database, school } = ctx
  return database.db.select({
    id: parentalResponsibilities.id,
    adultId: parentalResponsibilities.adultId,
    childId: parentalResponsibilities.childId,
    relationship: parentalResponsibilities.relationship,
    validFrom: parentalResponsibilities.validFrom,
    validTo: parentalResponsibilities.validTo
  }).from(parentalResponsibilities)
    .where(and(eq(parentalResponsibilities.schoolId, school.id), inArray(parentalResponsibilities.childId, [...childIds])))
    .orderBy(asc(parentalResponsibilities.childId), asc(parentalResponsibilities.validFrom), asc(parentalResponsibilities.id))
}
