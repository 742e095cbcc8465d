import { DomainError } from '../domain/shared/domain-error'

/**
 * Runs a screen's write and, when the school's rules refuse it (`unprocessable`: an overlapping
 * span, shares that do not total 10000), names the form field the refusal is about in `data.fields`,
 * with the domain's own sentences, so the screen shows them beside that field. The rule and its
 * words stay the domain's; this only says where on the form they belong.
 */
export async function refusedBeside<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'unprocessable' && !error.extras.fields) {
      throw new DomainError(error.code, error.detail, { ...error.extras, fields: [{ path, message: error.detail.join(' ') }] })
    }
    throw error
  }
}
