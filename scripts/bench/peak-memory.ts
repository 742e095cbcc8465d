/**
 * A process's own peak resident memory on Linux, for the rows that report a job's peak: the kernel's
 * high-water mark (VmHWM), which can be reset to what the process holds now so that the next reading
 * is the next job's alone.
 */
import { readFileSync, writeFileSync } from 'node:fs'

function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

/** The process's peak resident memory in MB, from Linux's /proc; NaN elsewhere. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM')

/** What the process holds resident now, in MB: what a reset peak starts from. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS')

/**
 * Resets the process's peak resident memory to what it holds now (Linux: `5` into clear_refs), so the
 * next reading is the next job's own peak; false where that cannot be done (the reading is then the
 * process's whole life, and the row says so).
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** What a row adds to its detail when its peak could not be reset. */
export const wholeLifeNote = (reset: boolean) => reset ? '' : '; whole-life peak: clear_refs refused'
