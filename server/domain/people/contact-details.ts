import { eq } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { requirePerson } from './require-person'

/** A person's email address and phone number; a field left out stays as it is. */
export interface ContactChange {
  email?: string
  phone?: string
}

/**
 * Changes a person's email or phone inside a write, announcing `person.updated` (the events feed and
 * webhooks carry it). False, writing nothing, when both are already as asked.
 */
export async function writePersonContact(tx: Db, changes: ChangeLog, school: SchoolRef, personId: string, contact: ContactChange): Promise<boolean> {
  const current = await requirePerson(tx, school, personId)
  const next = { email: contact.email ?? current.email, phone: contact.phone ?? current.phone }
  if (next.email === current.email && next.phone === current.phone) return false
  await tx.update(people).set({ ...next, updatedAt: timestampNow() }).where(eq(people.id, personId))
  changes.record('person.updated', 'people', personId)
  return true
}

/** Changes a person's email or phone in a write of its own; false when nothing changed. */
export async function changePersonContact(ctx: DomainContext, personId: string, contact: ContactChange): Promise<boolean> {
  const current = await requirePerson(ctx.database.db, ctx.school, personId)
  if ((contact.email ?? current.email) === current.email && (contact.phone ?? current.phone) === current.phone) return false
  return writeChanges(ctx, (tx, changes) => writePersonContact(tx, changes, ctx.school, personId, contact))
}
