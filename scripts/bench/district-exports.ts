/**
 * The district's nightly exports row (issue 43): every school's warehouse files made by the three instances' own
 * quarter-hourly `exports:produce` runs, as a district's night is, with no command of the bench's: it forgets the
 * night the schools are due (its nights and files, in the bench's own database) before the instances start, waits
 * for their next quarter hour, and watches every school's night until done. It reports the seconds from the
 * first night claimed to the last done, the files, and each instance's peak RSS over it.
 * Targets: within 10 minutes in all, every instance's peak under 300 MB.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { dueNight } from '../../server/domain/exports/nightly'
import { peakRssMb, resetPeak } from './peak-memory'

export const districtExportTargets = { seconds: 600, peakMb: 300 }

const connect = (url: string) => postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })

/** Forgets each school's due night (its queue row and files), so the instances' next run makes it afresh; answers the nights' ids. */
export async function forgetDueNights(url: string, now = new Date()): Promise<string[]> {
  const client = connect(url)
  try {
    const schools = await client<{ id: string, timeZone: string }[]>`select id, time_zone as "timeZone" from schools`
    const nights = schools.map(school => ({ schoolId: school.id, night: dueNight(now, school.timeZone) }))
    const ids = nights.map(({ schoolId, night }) => `${schoolId} ${night}`)
    await client.begin(async (tx) => {
      await tx`delete from export_nights where id in ${tx(ids)}`
      for (const { schoolId, night } of nights) await tx`delete from export_files where school_id = ${schoolId} and night = ${night}`
    })
    return ids
  } finally {
    await client.end({ timeout: 1 })
  }
}

/** When the instances' next quarter-hourly run begins (`*\/15 * * * *`). */
function nextQuarterHour(now = new Date()): Date {
  const next = new Date(now)
  next.setUTCSeconds(0, 0)
  next.setUTCMinutes(Math.floor(now.getUTCMinutes() / 15) * 15 + 15)
  return next
}

/**
 * Watches the nights `ids` until every one is done, or `timeoutSeconds` after the instances' next quarter hour;
 * prints the row, answers 1 when it missed a target.
 */
export async function watchDistrictExports(url: string, ids: string[], pids: number[], loadAverage: () => string, timeoutSeconds = 1500) {
  const reset = pids.map(resetPeak).every(Boolean)
  const begins = nextQuarterHour()
  console.log(`  nightly exports: waiting for the instances' quarter-hourly run at ${begins.toISOString().slice(11, 16)} UTC…`)
  const client = connect(url)
  try {
    const deadline = begins.getTime() + timeoutSeconds * 1000
    let state: { done: number, first: string | null, last: string | null } = { done: 0, first: null, last: null }
    while (Date.now() < deadline) {
      const [row] = await client`select count(*) filter (where state = 'done')::int as done, min(created_at) as first, max(done_at) as last
        from export_nights where id in ${client(ids)}`
      state = row as typeof state
      if (state.done === ids.length) break
      await sleep(2000)
    }
    const [files] = await client`select count(*)::int as count, coalesce(sum(bytes), 0)::bigint as bytes from export_files f
      where f.school_id || ' ' || f.night in ${client(ids)}`
    const peaks = pids.map(peakRssMb)
    const seconds = state.first && state.last ? (Date.parse(state.last) - Date.parse(state.first)) / 1000 : Number.NaN
    const missed = [
      state.done === ids.length ? '' : `${ids.length - state.done} of ${ids.length} schools' nights not done ${timeoutSeconds} s after the run began`,
      seconds < districtExportTargets.seconds ? '' : `not within ${districtExportTargets.seconds} s`,
      peaks.every(mb => mb < districtExportTargets.peakMb) ? '' : `an instance's peak not under ${districtExportTargets.peakMb} MB`
    ].filter(Boolean)
    console.log(
      `  nightly exports: ${state.done} of ${ids.length} schools' nights, ${files!.count.toLocaleString('en')} files `
      + `(${(Number(files!.bytes) / 1048576).toFixed(0)} MB), in ${Number.isFinite(seconds) ? seconds.toFixed(0) : '—'} s from the first claimed to the last done `
      + `(target < ${districtExportTargets.seconds}); instances' peak RSS ${peaks.map(mb => mb.toFixed(0)).join(', ')} MB `
      + `(target < ${districtExportTargets.peakMb}${reset ? '' : '; whole-life peaks: clear_refs refused'}); load average ${loadAverage()}  `
      + (missed.length ? 'MISSED: ' + missed.join('; ') : 'ok')
    )
    return missed.length ? 1 : 0
  } finally {
    await client.end({ timeout: 1 })
  }
}
