import { defineApiRoute } from '../../../utils/api-route'
import { unexplainedAbsencesAnswer, unexplainedAbsencesInput } from '../../../../shared/schemas/absences'
import { recordUnexplainedAbsences } from '../../../domain/absences/unexplained-intake'

export default defineApiRoute({
  summary: 'Report absences the register found with no report',
  description: 'The attendance system\'s absences with no report from the family: a child and a day, or a period of it (`from`, `to` in the school\'s time zone), up to 500 a request. Each is checked before any is kept (a child not on the roll that day, or a day still to come or more than 60 days gone, is `unprocessable` naming the item), and all are kept together. Each new one asks the child\'s adults with `attendance` standing why, through their notification choices (texts and push by default); their explanation is listed by `GET /api/v1/absences` with `explains`, and announced as `absence.explained`. The same child, day and period sent again is the same absence and the same notice (`new: false`).',
  tag: 'Absences',
  scope: 'absence.write',
  rateLimit: 30,
  module: 'people',
  idempotent: true,
  body: unexplainedAbsencesInput,
  maxBodyBytes: 256 * 1024,
  response: unexplainedAbsencesAnswer,
  status: 201,
  errors: ['unprocessable']
}, ctx => recordUnexplainedAbsences(ctx, ctx.body.absences))
