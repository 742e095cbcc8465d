import { aliasedTable, and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { enquiries, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { assertCapability } from '../access/access'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { foldName } from '../people/name-key'

export interface EnquiryPageRequest {
  limit: number
  /** The `[receivedAt, id]` of the last enquiry of the previous page. */
  after?: [string, string]
  /** Part of the child's or enquirer's name (folded as names are), or of the enquirer's email or phone. */
  search?: string
}

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, match => `\\${match}`)}%`
}

const child = aliasedTable(people, 'child')
const enquirer = aliasedTable(people, 'enquirer')

/**
 * One page of the school's enquiries, newest first, with how they heard of the school (the
 * channel), searched on the server: a search string of any content is a literal, folded like names,
 * so `zoe` finds `Zoë`; email and phone are matched as typed.
 */
export async function listEnquiries(ctx: DomainContext, request: EnquiryPageRequest) {
  assertCapability(ctx, 'admissions.manage')
  const after = request.after
  const typed = request.search?.trim() ?? ''
  let searched: SQL | undefined
  if (typed) {
    // A name key holds the family and given names as foldName folds them.
    const folded = containing(foldName(typed))
    const asTyped = containing(typed.toLowerCase())
    searched = or(
      sql`${child.nameKey} like ${folded} escape '\\'`,
      sql`${enquirer.nameKey} like ${folded} escape '\\'`,
      sql`lower(${enquirer.email}) like ${asTyped} escape '\\'`,
      sql`${enquirer.phone} like ${asTyped} escape '\\'`
    )
  }
  const rows = await ctx.database.db.select({
    id: enquiries.id, receivedAt: enquiries.receivedAt, channel: enquiries.channel, intendedEntryYear: enquiries.intendedEntryYear,
    relationship: enquiries.relationship,
    childId: child.id, childFamilyName: child.familyName, childGivenNames: child.givenNames,
    enquirerId: enquirer.id, enquirerFamilyName: enquirer.familyName, enquirerGivenNames: enquirer.givenNames, email: enquirer.email, phone: enquirer.phone
  }).from(enquiries)
    .innerJoin(child, eq(child.id, enquiries.studentId))
    .innerJoin(enquirer, eq(enquirer.id, enquiries.enquirerId))
    .where(and(
      eq(enquiries.schoolId, ctx.school.id),
      searched,
      afterPosition(enquiries.receivedAt, enquiries.id, after, 'desc')
    ))
    .orderBy(desc(enquiries.receivedAt), desc(enquiries.id))
    .limit(request.limit + 1)
  return keysetSlice(rows, request.limit, row => ({
    id: row.id,
    receivedAt: row.receivedAt,
    channel: row.channel,
    intendedEntryYear: row.intendedEntryYear,
    student: { id: row.childId, familyName: row.childFamilyName, givenNames: row.childGivenNames },
    enquirer: {
      id: row.enquirerId, familyName: row.enquirerFamilyName, givenNames: row.enquirerGivenNames, email: row.email, phone: row.phone,
      relationship: row.relationship
    }
  }), (last): [string, string] => [last.receivedAt, last.id])
}
