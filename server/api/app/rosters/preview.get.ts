import { defineAppRoute } from '../../../utils/app-route'
import { rosterPreviewsSchema } from '../../../../shared/schemas/roster-screens'
import { previewRoster } from '../../../domain/rosters/build-roster'
import { rosterFormats } from '../../../../shared/vocabulary'

/** Every roster set as it would be served now, checked as the API checks it: counts and each file's first rows. */
export default defineAppRoute({
  summary: 'Preview the roster sets', tag: 'Rosters', capability: 'roster.read', module: 'rosters', rateLimit: 30, response: rosterPreviewsSchema
}, async ctx => ({ sets: await Promise.all(rosterFormats.map(format => previewRoster(ctx, format))) }))
