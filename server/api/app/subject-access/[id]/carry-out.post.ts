import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessCorrectionInput, subjectAccessDetailSchema, subjectAccessParams } from '../../../../../shared/schemas/subject-access'
import { carryOutSubjectAccessRequest } from '../../../../domain/subject-access/carry-out-request'

/** Erasing a person cannot be undone: a recent passkey proof, as for every irreversible step. */
export default defineAppRoute({
  summary: 'Carry out a request to erase, correct (with the corrected values) or restrict, through the normal domain functions',
  tag: 'Subject access', capability: 'subject_access.manage', rateLimit: 30, stepUp: true, params: subjectAccessParams,
  body: subjectAccessCorrectionInput.optional(), response: subjectAccessDetailSchema, errors: ['not_found', 'conflict']
}, ctx => carryOutSubjectAccessRequest(ctx, ctx.params.id, ctx.body))
