import { enquiries } from '../../../db/schema'
import { apiError, type FieldProblem } from '../../utils/errors'
import type { EnquiryInput } from '../../schemas/enquiries'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { insertPerson } from '../people/person-record'
import { newId } from '../shared/ids'
import { timestampNow } from '../shared/clock'

/** Refuses values that are not on the school's own lists, naming each field. */
function checkSchoolLists(ctx: DomainContext, input: EnquiryInput, channel: string) {
  const problems: FieldProblem[] = []
  if (!ctx.school.lists.channels.includes(channel)) {
    problems.push({ path: 'channel', message: `The school does not list the channel "${channel}". It lists: ${ctx.school.lists.channels.join(', ')}.` })
  }
  const relationship = input.enquirer.relationship
  if (relationship !== undefined && !ctx.school.lists.relationships.includes(relationship)) {
    problems.push({ path: 'enquirer.relationship', message: `The school does not list the relationship "${relationship}". It lists: ${ctx.school.lists.relationships.join(', ')}.` })
  }
  if (problems.length) throw apiError('validation_failed', problems.map(p => p.message), { fields: problems })
}

/** Records an enquiry, opening person records for the child and the enquirer. */
export async function recordEnquiry(ctx: DomainContext, input: EnquiryInput) {
  const channel = input.channel ?? 'website'
  checkSchoolLists(ctx, input, channel)
  return writeChanges(ctx, async (tx, changes) => {
    const studentId = await insertPerson(tx, changes, ctx.school.id, input.student)
    const enquirerId = await insertPerson(tx, changes, ctx.school.id, input.enquirer)
    const enquiry = {
      id: newId('enq'),
      schoolId: ctx.school.id,
      studentId,
      enquirerId,
      relationship: input.enquirer.relationship ?? null,
      channel,
      intendedEntryYear: input.intendedEntryYear ?? null,
      receivedAt: timestampNow()
    }
    await tx.insert(enquiries).values(enquiry)
    changes.record('enquiry.created', 'enquiries', enquiry.id)
    return { id: enquiry.id, receivedAt: enquiry.receivedAt }
  })
}
