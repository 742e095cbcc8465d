import { defineApiRoute } from '../../../utils/api-route'
import { pageOf } from '../../../../shared/schemas/common'
import { peopleQuery, personSchema } from '../../../../shared/schemas/people'
import { listPeople } from '../../../domain/people/list-people'

export default defineApiRoute({
  summary: 'List people',
  description: 'The school\'s people, ordered by family name, then given names (case- and accent-insensitive), then id. Deleted people are left out.',
  tag: 'People',
  scope: 'person.read',
  rateLimit: 300,
  module: 'people',
  query: peopleQuery,
  response: pageOf(personSchema, 'PersonPage'),
  keep: 'school-data',
  fieldScopes: []
}, async ctx => ctx.pageAnswer(await listPeople(ctx, ctx.page)))
