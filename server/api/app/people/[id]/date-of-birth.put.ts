import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { day } from '../../../../../shared/schemas/common'
import { nameWrittenSchema, personIdParam } from '../../../../../shared/schemas/person-record'
import { setDateOfBirth } from '../../../../domain/people/date-of-birth'

/** Records a person's date of birth, or that the school has none. */
export default defineAppRoute({
  summary: 'Set a person\'s date of birth', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: personIdParam, body: z.strictObject({ dateOfBirth: day.nullable() }), response: nameWrittenSchema, errors: ['not_found', 'held_elsewhere']
}, async ctx => ({ changed: await setDateOfBirth(ctx, ctx.params.id, ctx.body.dateOfBirth) }))
