import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { validationFailed } from './validation'
import { cursorSigningKey } from './server-secrets'

/** `limit` and `cursor`, shared by every list endpoint. */
export const pageQueryShape = {
  limit: z.coerce.number<string>().int('Use a whole number.').min(1, 'Use a number from 1 to 1000.').max(1000, 'Use a number from 1 to 1000.').default(100)
    .describe('Items per page, 1 to 1000; default 100.'),
  cursor: z.string().max(2048).refine(isSignedCursor, 'Not a cursor this list gave out.').optional()
    .describe('The `nextCursor` of the previous page.')
}

function sign(payload: string): string {
  return createHmac('sha256', cursorSigningKey()).update(payload).digest('base64url').slice(0, 22)
}

/** Whether we signed this cursor; checked with the other query parameters so all problems come at once. */
function isSignedCursor(cursor: string): boolean {
  const [payload, signature, extra] = cursor.split('.')
  if (!payload || !signature || extra !== undefined) return false
  const expected = Buffer.from(sign(payload))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** An opaque cursor for a position in one list of one school; signed, so a changed one is refused. */
export function encodeCursor(list: string, schoolId: string, position: unknown[]): string {
  const payload = Buffer.from(JSON.stringify([list, schoolId, position])).toString('base64url')
  return `${payload}.${sign(payload)}`
}

/** `validation_failed` on `cursor`, for a cursor that is not one this list gave out. */
export const cursorRefused = () => validationFailed([{ path: 'cursor', message: 'Not a cursor this list gave out.' }])

export function decodeCursor<P extends unknown[]>(list: string, schoolId: string, cursor: string): P {
  if (!isSignedCursor(cursor)) throw cursorRefused()
  try {
    const [cursorList, cursorSchool, position] = JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString())
    if (cursorList !== list || cursorSchool !== schoolId || !Array.isArray(position)) throw new Error('foreign cursor')
    return position as P
  } catch {
    throw cursorRefused()
  }
}

/** Runs a keyset page query and wraps it in the collection envelope. */
export async function keysetPage<T, P extends unknown[]>(
  list: string,
  schoolId: string,
  query: { limit: number, cursor?: string },
  fetchPage: (request: { limit: number, after?: P }) => Promise<{ items: T[], next: P | null }>
) {
  const after = query.cursor === undefined ? undefined : decodeCursor<P>(list, schoolId, query.cursor)
  const page = await fetchPage({ limit: query.limit, after })
  return { items: page.items, nextCursor: page.next ? encodeCursor(list, schoolId, page.next) : null }
}
