import { readFileSync } from 'node:fs'

/** A process's resident memory in bytes, as Linux counts it (`VmRSS`). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`No VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}
