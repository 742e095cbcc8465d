import { defineAppRoute } from '../../../utils/app-route'
import { admissionsListsSchema } from '../../../../shared/schemas/admissions-office'
import { admissionsLists } from '../../../domain/admissions/application-board'

/** The school's year levels, withdrawal reasons, channels and campuses, for the office's steps. */
export default defineAppRoute({
  summary: 'The lists the office\'s steps choose from', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  response: admissionsListsSchema
}, ctx => admissionsLists(ctx))
