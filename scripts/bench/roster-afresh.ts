/**
 * The `roster-afresh` rows of `npm run bench` (issue 27 point 2): a roster built afresh, as the first
 * request after the school's data changed builds it. A roster set is kept per school data version and
 * day (`keep: 'school-data'`, server/domain/shared/school-data-cache.ts), so the roster
 * scenario rows measure kept answers; here a booking through the API bumps the data version before
 * each build, the server's peak RSS is reset, and one request asks for the set alone. Each format is
 * built `builds` times; its row is the median seconds and the highest peak. Target: peak under 512 MB
 * (the seconds have no target of their own: the kept rows' p50 under 300 ms is what callers see).
 */
import { rosterFormats, type RosterFormat } from '../../shared/vocabulary'
import { oneRosterHeaders } from '../../server/domain/rosters/oneroster-set'
import { oneRoster12Headers } from '../../server/domain/rosters/oneroster12-set'
import { sdsHeaders } from '../../server/domain/rosters/sds-set'
import { peakRssMb, resetPeak, rssMb, wholeLifeNote } from './peak-memory'
import { timedRequest } from './one-request'
import type { JobRow } from './import-runs'

const builds = 3

/** How many files each format's set holds: seven of OneRoster 1.1 and SDS, eight of OneRoster 1.2 (its roles.csv). */
export const rosterFileCounts: Record<RosterFormat, number> = {
  oneroster: Object.keys(oneRosterHeaders).length, sds: Object.keys(sdsHeaders).length, oneroster12: Object.keys(oneRoster12Headers).length
}

/** Builds each format's roster afresh `builds` times on the running server; the demo school's summary gives the tour booked to change its data. */
export async function benchRosterAfresh(
  serverUrl: string, serverPid: number, schoolId: string, openDayTourId: string, admin: (args: string[]) => any
): Promise<JobRow[]> {
  const issue = (scopes: string, extra: string[] = []) =>
    admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench roster afresh', '--scopes', scopes, ...extra]).token as string
  const rostering = issue('roster.read', ['--rostering'])
  const writer = issue('tour.book')
  const booking = {
    student: { familyName: 'Afresh', givenNames: 'Child' }, enquirer: { familyName: 'Afresh', givenNames: 'Parent', email: 'afresh@example.org' }
  }
  const rows: JobRow[] = []
  for (const format of rosterFormats) {
    const runs: { seconds: number, peakMb: number, startMb: number, reset: boolean, bytes: number, students: number }[] = []
    for (let build = 0; build < builds; build++) {
      await timedRequest(`${serverUrl}/api/v1/tours/${openDayTourId}/bookings`, writer, booking)
      const reset = resetPeak(serverPid)
      const startMb = rssMb(serverPid)
      const { json, seconds } = await timedRequest(`${serverUrl}/api/v1/roster/${format}`, rostering)
      if (json?.files?.length !== rosterFileCounts[format]) {
        throw new Error(`roster-afresh: the ${format} set has ${json?.files?.length} files, not ${rosterFileCounts[format]}`)
      }
      runs.push({ seconds, peakMb: peakRssMb(serverPid), startMb, reset, bytes: Buffer.byteLength(JSON.stringify(json)), students: json.counts.students })
    }
    const seconds = runs.map(run => run.seconds).sort((a, b) => a - b)[Math.floor(builds / 2)]!
    const { bytes, students } = runs[0]!
    const highest = runs.reduce((most, run) => run.peakMb > most.peakMb ? run : most)
    rows.push({
      name: `${format}-afresh`,
      seconds,
      peakMb: highest.peakMb,
      target: Infinity,
      detail: `median of ${builds} builds, each after a booking; highest peak from ${highest.startMb.toFixed(0)} MB held at its start; ${students} students, ${(bytes / 1048576).toFixed(2)} MB of JSON${wholeLifeNote(runs.every(run => run.reset))}`
    })
  }
  return rows
}
