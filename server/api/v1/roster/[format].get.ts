import { defineApiRoute } from '../../../utils/api-route'
import { rosterParams, rosterSchema } from '../../../../shared/schemas/rosters'
import { buildRoster } from '../../../domain/rosters/build-roster'

export default defineApiRoute({
  summary: 'Get the roster',
  description: 'Today\'s roster in the school\'s time zone: each current student, each staff member teaching or assisting a class running today, each such class and its course, and who is in each class. `oneroster` is a OneRoster 1.1 bulk set of seven files with its manifest; `sds` the seven files of School Data Sync CSV v2.1; `oneroster12` a OneRoster 1.2 bulk set of eight files with its manifest, each person\'s school and role in `roles.csv` (interface 1.2). No email address, phone number or password is in any file; a student with an open protection flag or a court order in force is left out and counted in `counts.withheld`. Only a token issued through the school\'s rostering settings is accepted; any other is `forbidden`, even with `roster.read`. Every set is checked against its format\'s rules before it is served.',
  tag: 'Rosters',
  scope: 'roster.read',
  tokensIssuedVia: 'rostering',
  rateLimit: 6,
  module: 'rosters',
  params: rosterParams,
  response: rosterSchema,
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: [],
  readsFrom: 'replica'
}, ctx => buildRoster(ctx, ctx.params.format))
