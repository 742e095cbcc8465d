import { defineAppRoute } from '../../../../utils/app-route'
import { boardColumnQuery, boardColumnSchema } from '../../../../../shared/schemas/admissions-office'
import { listBoardColumn } from '../../../../domain/admissions/application-board'

/** One column of the applications board: the applications in one state, newest first, with each step's who and when. */
export default defineAppRoute({
  summary: 'One column of the applications board', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 600, module: 'admissions',
  query: boardColumnQuery, response: boardColumnSchema, keep: 'school-data'
}, async ctx => ctx.pageAnswer(await listBoardColumn(ctx, { ...ctx.page, state: ctx.query.state })))
