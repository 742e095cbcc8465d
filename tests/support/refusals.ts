import { DomainError } from '../../server/domain/shared/domain-error'

/** What a domain function's refusal says: its code, its sentences and the fields it names; a call that succeeds fails the test. */
export async function refusal(work: Promise<unknown>) {
  try {
    await work
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, detail: error.detail, fields: error.extras.fields ?? [] }
    throw error
  }
  throw new Error('Expected a refusal')
}
