import { readFileSync } from 'node:fs'

/** The machine's load average over the last minute, as /proc/loadavg says it: printed beside a figure the machine's other work moves. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!
  } catch {
    return '?'
  }
}
