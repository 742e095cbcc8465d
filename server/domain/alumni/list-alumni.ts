import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { validationFailed } from '../shared/domain-error'
import { fieldsVisible } from '../access/fields'
import { alumniRoll, type AlumnusEntry } from './alumni-roll'

export interface AlumniPageRequest {
  limit: number
  /** The name key and id of the last alumnus of the previous page. */
  after?: [string, string]
}

export interface Alumnus {
  id: string
  familyName?: string
  givenNames?: string
  leftAt: string
  exitYear: number
}

/** Byte order of the UTF-8 encodings, which is how both databases sort the name key. */
function comparePositions(entry: AlumnusEntry, nameKey: string, id: string): number {
  return Buffer.compare(Buffer.from(entry.nameKey), Buffer.from(nameKey)) || Buffer.compare(Buffer.from(entry.id), Buffer.from(id))
}

/** The index of the first entry after a position, by binary search. */
function firstAfter(entries: readonly AlumnusEntry[], [nameKey, id]: [string, string]): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (comparePositions(entries[middle]!, nameKey, id) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * One page of the school's alumni as at a day (today in the school's zone by default), ordered by
 * family name, then given names (case- and accent-insensitively), then id. Names (personal fields) only
 * for a caller access shows them to. A position is a name key and id, not an index, so the walk holds while
 * people are added or removed between pages. Every page but the last is full.
 */
export async function listAlumni(ctx: DomainContext, request: AlumniPageRequest, asAt?: string) {
  const today = todayInZone(ctx.school.timeZone)
  const day = asAt ?? today
  if (day > today) throw validationFailed([{ path: 'asAt', message: `Use a day no later than today in the school's time zone (${today}).` }])
  const names = fieldsVisible(ctx).has('personal')
  const entries = await alumniRoll(ctx, day)
  const start = request.after ? firstAfter(entries, request.after) : 0
  const page = entries.slice(start, start + request.limit)
  const last = page.at(-1)
  return {
    items: page.map((entry): Alumnus => names
      ? { id: entry.id, familyName: entry.familyName, givenNames: entry.givenNames, leftAt: entry.leftAt, exitYear: entry.exitYear }
      : { id: entry.id, leftAt: entry.leftAt, exitYear: entry.exitYear }),
    next: start + request.limit < entries.length && last ? [last.nameKey, last.id] as [string, string] : null
  }
}
