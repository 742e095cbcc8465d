import { subjectAccessCorrectionInput } from '../../../shared/schemas/subject-access'
import type { z } from 'zod'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { assertCapability } from '../access/access'
import { erasePerson } from '../retention/erase-person'
import { changePersonContact } from '../people/contact-details'
import { correctPersonName } from '../people/correct-name'
import { requirePerson } from '../people/require-person'
import { closeRequestIn } from './close-request'
import { assertOpenRequest } from './open-state'
import { loadSubjectAccessRequest } from './request-view'
import { readSubjectAccessRequest } from './read-request'

/** Why erasePerson left the person whole, in the office's words; the request stays open. */
const erasureRefusals = {
  held: 'A legal hold keeps this person\'s records: nothing was erased.',
  under_request: 'Another open request is about this person: nothing was erased.',
  restricted: 'A protection flag or court order names this person: nothing is erased before its review.'
} as const

export type SubjectAccessCorrection = z.input<typeof subjectAccessCorrectionInput>

/** Closes the request as done with what was done, re-reading it in the transaction so a request closed meanwhile is refused. */
async function markDone(ctx: DomainContext, requestId: string, outcome: string) {
  await ctx.database.transaction(async (tx) => {
    const row = await loadSubjectAccessRequest(tx, ctx.school.id, requestId)
    assertOpenRequest(row)
    await closeRequestIn(tx, ctx, row, { state: 'done', outcome })
  })
}

/**
 * Carries out a request to erase, correct or restrict through the normal domain functions, then closes it as done:
 * erasure by erasePerson with the request as its ground (a legal hold, another open request about the person or a
 * restricted record naming them leaves them whole, and the request open); correction by the people functions (contact details, and a name as a correction
 * in its history); restriction is recorded as done, which the office's list shows as the person's processing restricted.
 */
export async function carryOutSubjectAccessRequest(ctx: DomainContext, requestId: string, correction?: SubjectAccessCorrection) {
  assertCapability(ctx, 'subject_access.manage')
  const row = await loadSubjectAccessRequest(ctx.database.db, ctx.school.id, requestId)
  assertOpenRequest(row, ['erasure', 'rectification', 'restriction'])
  if (row.kind === 'erasure') {
    const outcome = await erasePerson(ctx, row.subjectId, { kind: 'request', requestId })
    if (outcome === 'not_found') throw domainError('not_found', ['No person with this id.'])
    if (outcome !== 'erased') throw domainError('conflict', [erasureRefusals[outcome]])
    await markDone(ctx, requestId, 'erased')
  } else if (row.kind === 'rectification') {
    const { email, phone, familyName, givenNames } = parseInput(subjectAccessCorrectionInput, correction ?? {})
    const person = await requirePerson(ctx.database.db, ctx.school, row.subjectId)
    const corrected: string[] = []
    if ((email !== undefined || phone !== undefined) && await changePersonContact(ctx, row.subjectId, { email, phone })) corrected.push('contact')
    if (familyName !== undefined || givenNames !== undefined) {
      const name = { familyName: familyName ?? person.familyName, givenNames: givenNames ?? person.givenNames, change: 'correction' as const }
      if (await correctPersonName(ctx, row.subjectId, name)) corrected.push('name')
    }
    await markDone(ctx, requestId, corrected.length ? `corrected: ${corrected.join(', ')}` : 'corrected: nothing differed')
  } else {
    await markDone(ctx, requestId, 'processing restricted')
  }
  return readSubjectAccessRequest(ctx, requestId)
}
