import { z } from 'zod'
import { defineApiRoute } from '../../../utils/api-route'
import { keysetPage, pageQueryShape } from '../../../utils/pagination'
import { cachedForSchoolData } from '../../../utils/answer-cache'
import { pageOf } from '../../../schemas/common'
import { personSchema } from '../../../schemas/people'
import { listPeople, type PeoplePageRequest } from '../../../domain/people/list-people'

export default defineApiRoute({
  summary: 'List people',
  description: 'The school\'s people, ordered by family name, then given names (case- and accent-insensitive), then id. Deleted people are left out.',
  tag: 'People',
  scope: 'person.read',
  rateLimit: 300,
  module: 'people',
  query: z.strictObject(pageQueryShape),
  response: pageOf(personSchema, 'PersonPage')
}, ({ database, caller, query }) =>
  cachedForSchoolData(caller.school, `people ${query.limit} ${query.cursor ?? ''}`, () =>
    keysetPage('people', caller.school.id, query, (page: PeoplePageRequest) => listPeople(database, caller.school, page))))
