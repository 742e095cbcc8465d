import { defineAppRoute } from '../../../../utils/app-route'
import { apiError } from '../../../../utils/errors'
import { personIdParam, restrictedRecordSchema } from '../../../../../shared/schemas/person-record'
import { findPerson } from '../../../../domain/people/get-person'
import { readRestrictedRecord } from '../../../../domain/restricted/restricted-record'
import { purposesOf } from '../../../../domain/restricted/court-orders'
import { safeAdultsOf } from '../../../../domain/restricted/protection-flags'

/**
 * A person's restricted record (protection flags, court orders, exit reasons, merge history), for a role holding
 * `restricted.read` with a passkey proof within five minutes; the access module decides, and records
 * the view (restricted_views and Activity) before anything is read.
 */
export default defineAppRoute({
  summary: 'A person\'s restricted record', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 60, module: 'people',
  params: personIdParam, response: restrictedRecordSchema, errors: ['not_found', 'step_up_required']
}, async (ctx) => {
  if (!await findPerson(ctx, ctx.params.id)) throw apiError('not_found', ['No person with this id.'])
  const record = await readRestrictedRecord(ctx, ctx.params.id)
  const restrained = await Promise.all(record.courtOrders.map(order => order.restrainedPersonId ? findPerson(ctx, order.restrainedPersonId) : null))
  const named = async (id: string) => {
    const person = await findPerson(ctx, id)
    return { id, familyName: person?.familyName ?? '', givenNames: person?.givenNames ?? '' }
  }
  return {
    protectionFlags: await Promise.all(record.protectionFlags.map(async (flag) => {
      const { schoolId: _, personId: __, safeAdultIds: ___, ...shown } = flag
      return { ...shown, safeAdults: await Promise.all(safeAdultsOf(flag).map(named)) }
    })),
    courtOrders: record.courtOrders.map(({ schoolId: _, childId: __, ...order }, i) => {
      const adult = restrained[i]
      return {
        ...order, purposes: purposesOf(order),
        restrainedPerson: adult ? { id: adult.id, familyName: adult.familyName, givenNames: adult.givenNames } : null
      }
    }),
    exitReasons: record.exitReasons.map(({ schoolId: _, personId: __, ...exit }) => exit),
    mergeHistory: record.mergeHistory
  }
})
