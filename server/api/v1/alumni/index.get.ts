import { defineApiRoute } from '../../../utils/api-route'
import { keysetPage } from '../../../utils/pagination'
import { cachedForSchoolData } from '../../../utils/answer-cache'
import { todayInZone } from '../../../domain/shared/clock'
import { cursorSigningKey } from '../../../utils/server-secrets'
import { pageOf } from '../../../schemas/common'
import { alumniQuery, alumnusSchema } from '../../../schemas/alumni'
import { listAlumni, type AlumniPageRequest } from '../../../domain/alumni/list-alumni'

export default defineApiRoute({
  summary: 'List alumni',
  description: 'Former students as the school counts them (any former student, or only those who completed the final year), ordered by family name, then given names, then id. Names need `person.read` as well; without it they are absent. Every page but the last is full.',
  tag: 'People',
  scope: 'affiliation.read',
  rateLimit: 300,
  module: 'people',
  query: alumniQuery,
  response: pageOf(alumnusSchema, 'AlumnusPage')
}, ({ database, caller, query: { asAt, ...page } }) => {
  const names = caller.scopes.has('person.read')
  return cachedForSchoolData(caller.school, `alumni ${page.limit} ${page.cursor ?? ''} ${asAt ?? todayInZone(caller.school.timeZone)} ${names}`, () =>
    keysetPage('alumni', caller.school.id, page, (request: AlumniPageRequest) => listAlumni(database, caller.school, request, {
      asAt, names, positionSecret: cursorSigningKey()
    })))
})
