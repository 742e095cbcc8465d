/**
 * A process's peak resident memory from Linux's /proc, and its reset, so that a bench row is charged
 * with its own job's peak and not with what the server did before it.
 */
import { readFileSync, writeFileSync } from 'node:fs'

/** The process's peak resident memory in MB (VmHWM); NaN where /proc cannot tell. */
export function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

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
