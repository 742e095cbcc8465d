import type { SubjectAccessKind } from '../../../shared/vocabulary'
import { domainError } from '../shared/domain-error'
import type { RequestRow } from './request-view'

/** Refuses a step on a request that is no longer open (answered, carried out or refused), or of another kind than the step's. */
export function assertOpenRequest(row: RequestRow, kinds?: readonly SubjectAccessKind[]) {
  if (row.state !== 'open') throw domainError('conflict', ['This request is closed.'])
  if (kinds && !kinds.includes(row.kind)) throw domainError('conflict', [`A request of kind ${row.kind} is not carried out this way.`])
}
