import { defineApiRoute } from '../../../utils/api-route'
import { pageOf } from '../../../../shared/schemas/common'
import { alumniQuery, alumnusSchema } from '../../../../shared/schemas/alumni'
import { listAlumni } from '../../../domain/alumni/list-alumni'

export default defineApiRoute({
  summary: 'List alumni',
  description: 'Former students as the school counts them (any former student, or only those who completed the final year), ordered by family name, then given names, then id. Names need `person.read` as well; without it they are absent. Every page but the last is full.',
  tag: 'People',
  scope: 'affiliation.read',
  rateLimit: 300,
  module: 'people',
  query: alumniQuery,
  response: pageOf(alumnusSchema, 'AlumnusPage'),
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: ['person.read']
}, async ctx => ctx.pageAnswer(await listAlumni(ctx, ctx.page, ctx.query.asAt)))
