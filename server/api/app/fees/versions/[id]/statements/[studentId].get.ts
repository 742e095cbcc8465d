import { defineAppRoute } from '../../../../../../utils/app-route'
import { feeStatementParams, feeStatementSchema } from '../../../../../../../shared/schemas/fees'
import { studentFeeStatements } from '../../../../../../domain/fees/read-statements'

export default defineAppRoute({
  summary: 'A student\'s statement for each period of a version, with every payer\'s part', tag: 'Fees', capability: 'fees.manage', rateLimit: 120,
  module: 'billing',
  params: feeStatementParams, response: feeStatementSchema, errors: ['not_found']
}, ctx => studentFeeStatements(ctx, ctx.params.id, ctx.params.studentId))
