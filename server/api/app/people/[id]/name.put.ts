import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { nameCorrectionSchema } from '../../../../../shared/schemas/people'
import { nameWrittenSchema, personIdParam } from '../../../../../shared/schemas/person-record'
import { correctPersonName } from '../../../../domain/people/correct-name'

/** Corrects or changes a person's name; the name it replaces stays in their name history. */
export default defineAppRoute({
  summary: 'Correct a person\'s name', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: personIdParam, body: nameCorrectionSchema, response: nameWrittenSchema, errors: ['not_found', 'held_elsewhere', 'unprocessable']
}, async ctx => ({ changed: await refusedBeside('effectiveFrom', () => correctPersonName(ctx, ctx.params.id, ctx.body)) }))
