import { defineAppRoute } from '../../../utils/app-route'
import { directoryPageSchema, directoryQuery } from '../../../../shared/schemas/people-directory'
import { listDirectory } from '../../../domain/people/people-directory'

export default defineAppRoute({
  summary: 'The people directory: searched by name or date of birth, narrowed to a group, year level or campus',
  tag: 'People',
  capability: 'person.read',
  rateLimit: 600,
  module: 'people',
  query: directoryQuery,
  response: directoryPageSchema,
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: [],
  // Staff browse it all day: a heavy read that can be a few seconds behind (docs/read-replica.md).
  readsFrom: 'replica'
}, async (ctx) => {
  const { search, bornOn, group, yearLevel, campus } = ctx.query
  return ctx.pageAnswer(await listDirectory(ctx, { ...ctx.page, search, bornOn, group, yearLevel, campusId: campus }))
})
