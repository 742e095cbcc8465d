import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
import { todayInZone } from '../shared/clock'
import { validationFailed } from '../../utils/validation'
import { cursorRefused } from '../../utils/pagination'
import { alumniRoll, type AlumnusEntry } from './alumni-roll'
import { openPositionText, sealPositionText } from './sealed-position'

export interface AlumniPageRequest {
  limit: number
  /** The sealed name key and id of the last alumnus of the previous page. */
  after?: [string, string]
}

export interface AlumniOptions {
  /** The day to count alumni as at; today in the school's zone when absent. */
  asAt?: string
  /** Whether the caller may read names (`person.read`); without it they are absent. */
  names: boolean
  /** The secret cursor positions are sealed with. */
  positionSecret: Buffer
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
 * One page of the school's alumni as at a day, ordered by family name, then given names (case- and
 * accent-insensitively), then id. A position is a name key and id, not an index, so the walk holds
 * while people are added or removed between pages. Every page but the last is full.
 */
export async function listAlumni(database: Database, school: SchoolRef, request: AlumniPageRequest, options: AlumniOptions) {
  const today = todayInZone(school.timeZone)
  const asAt = options.asAt ?? today
  if (asAt > today) throw validationFailed([{ path: 'asAt', message: `Use a day no later than today in the school's time zone (${today}).` }])
  const after = request.after && decodePosition(options.positionSecret, request.after)
  const entries = await alumniRoll(database, school, asAt)
  const start = after ? firstAfter(entries, after) : 0
  const page = entries.slice(start, start + request.limit)
  const last = page.at(-1)
  return {
    items: page.map((entry): Alumnus => options.names
      ? { id: entry.id, familyName: entry.familyName, givenNames: entry.givenNames, leftAt: entry.leftAt, exitYear: entry.exitYear }
      : { id: entry.id, leftAt: entry.leftAt, exitYear: entry.exitYear }),
    next: start + request.limit < entries.length && last ? [sealPositionText(options.positionSecret, last.nameKey), last.id] as [string, string] : null
  }
}

function decodePosition(secret: Buffer, [sealedNameKey, id]: [unknown, unknown]): [string, string] {
  const nameKey = openPositionText(secret, sealedNameKey)
  if (nameKey === null || typeof id !== 'string') throw cursorRefused()
  return [nameKey, id]
}
