/**
 * The bench's `memory` line (issue 27 point 1): the server's resident memory through the read rows and
 * 30 s after them, so a small school's 1–2 GB machine can hold it beside its database. The peak is the
 * kernel's high-water mark, reset just before the rows (peak-memory.ts), not a sample that could miss it.
 * Targets: under 300 MB through the read load, back under 200 MB within 30 s of its end.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { peakRssMb, resetPeak, rssMb, wholeLifeNote } from './peak-memory'
import { loadAverage } from './load-average'

export const memoryTargets = { peakMb: 300, afterMb: 200, settleSeconds: 30 }

/**
 * Call before the read rows and run each through `row()`, which resets the peak before it and reads it
 * after, so each row's own peak is known (which row a peak belongs to is where to look); `finish()` after
 * them gives the highest, waits, and reads what is held then.
 */
export function watchReadMemory(pid: number) {
  const startMb = rssMb(pid)
  let reset = true
  let peakMb = startMb
  return {
    async row<T>(measureRow: () => Promise<T>): Promise<{ result: T, peakMb: number }> {
      reset &&= resetPeak(pid)
      const result = await measureRow()
      const rowPeakMb = peakRssMb(pid)
      peakMb = Math.max(peakMb, rowPeakMb)
      return { result, peakMb: rowPeakMb }
    },
    async finish() {
      await sleep(memoryTargets.settleSeconds * 1000)
      return { startMb, peakMb, afterMb: rssMb(pid), reset }
    }
  }
}

/** Prints the line; 1 when a target is missed. */
export function printMemoryLine({ startMb, peakMb, afterMb, reset }: Awaited<ReturnType<ReturnType<typeof watchReadMemory>['finish']>>): number {
  const missed = [
    peakMb < memoryTargets.peakMb ? '' : `peak not under ${memoryTargets.peakMb} MB`,
    afterMb < memoryTargets.afterMb ? '' : `not under ${memoryTargets.afterMb} MB ${memoryTargets.settleSeconds} s after`
  ].filter(Boolean)
  console.log(
    `  memory: RSS ${startMb.toFixed(0)} MB before the read rows, peak ${peakMb.toFixed(0)} MB during them (target < ${memoryTargets.peakMb}), ${afterMb.toFixed(0)} MB ${memoryTargets.settleSeconds} s after (target < ${memoryTargets.afterMb})${wholeLifeNote(reset)}; load average ${loadAverage()}  ${missed.length ? 'MISSED: ' + missed.join('; ') : 'ok'}`
  )
  return missed.length ? 1 : 0
}
