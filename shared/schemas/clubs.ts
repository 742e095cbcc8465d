import { z } from 'zod'
import { pageOf, pageQueryShape, plainLine, recordId } from './common'

/*
 * The school's clubs (rowing, choir, chess), which an audience names as `activity:<name>`
 * (docs/messages.md, "Clubs"): the contract's audience word stays, the code says what they are.
 */
export const clubsSchema = z.object({ items: z.array(z.object({ name: z.string(), memberCount: z.number() })) })
export const clubParams = z.object({ name: plainLine(60).regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _.') })
export const clubInput = z.strictObject({ memberIds: z.array(recordId('per')).max(5000) })
export const clubSchema = z.object({ name: z.string(), memberCount: z.number(), joined: z.number(), left: z.number() })
export const clubMemberInput = z.strictObject({ personId: recordId('per') })
export const clubMemberParams = clubParams.extend({ personId: recordId('per') })
export const clubMembersQuery = z.strictObject({ ...pageQueryShape })
export const clubMemberPageSchema = pageOf(z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() }), 'ClubMemberPage')
