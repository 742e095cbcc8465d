import { readFileSync } from 'node:fs'
import type { RunningServer } from './server-process'

/** A process's resident memory in bytes, as Linux counts it (`VmRSS`). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`No VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

/**
 * What a test server retains: its RSS right after it has collected all its garbage, with the heap
 * figures it printed then. The server must run in test mode with `--expose-gc` (server/plugins/memory-report.ts).
 */
export function retainedMemory(server: RunningServer): Promise<{ rss: number, usage: NodeJS.MemoryUsage }> {
  const stdout = server.process.stdout!
  return new Promise((done, fail) => {
    let pending = ''
    const timer = setTimeout(() => finish(new Error('The server printed no memory report: is it in test mode with --expose-gc?')), 10_000)
    const read = (chunk: Buffer) => {
      const lines = (pending + chunk).split('\n')
      pending = lines.pop()!
      const report = lines.find(line => line.includes('"memoryAfterFullCollection"'))
      if (report) finish(undefined, JSON.parse(report).memoryAfterFullCollection)
    }
    function finish(error?: Error, usage?: NodeJS.MemoryUsage) {
      clearTimeout(timer)
      stdout.off('data', read)
      if (error) fail(error)
      else done({ rss: residentBytes(server.process.pid!), usage: usage! })
    }
    stdout.on('data', read)
    server.process.kill('SIGUSR2')
  })
}

/** The most resident memory a process has had since it started, in bytes (`VmHWM`). */
export function peakResidentBytes(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`No VmHWM for process ${pid}`)
  return Number(match[1]) * 1024
}
