import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * One worker loop (docs/architecture.md, "Workers"): every queue the server works continuously is a
 * declaration (`defineWorkerQueue`) named in the one list (server/domain/workers/queues.ts), and the
 * loop that wakes, polls and stops them is server/domain/workers/worker-loop.ts alone.
 */
const root = resolve(import.meta.dirname, '../../..')

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(name => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map(name => join(folder, name))
}

/** The code without comments, so only what runs is searched. */
const codeOf = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
const calling = (files: string[], pattern: RegExp) => files.filter(file => pattern.test(codeOf(file)))

/**
 * Timers that are no queue's loop: a buffer's flush, a lease kept alive while a request runs, the browser's
 * (the loader each page carries asks for its scripts a task after the first frame), and the wait between two
 * texts that keeps a gateway's sends per second, and the drain before a stopping server stops listening.
 */
const timersNotQueues = [
  'server/domain/receipts/receipt-buffer.ts', 'server/utils/idempotency.ts', 'server/utils/request-body.ts', 'server/plugins/memory-report.ts',
  'server/utils/defer-module-scripts.ts', 'server/domain/notifications/texts/send-rate.ts', 'server/plugins/shutdown.ts'
]

describe('one worker loop', () => {
  it('polls with a timer in the worker loop alone', () => {
    const timers = calling(filesUnder('server'), /\bset(?:Interval|Timeout)\s*\(/)
    expect(timers.filter(file => !timersNotQueues.includes(file))).toEqual(['server/domain/workers/worker-loop.ts'])
  })

  it('wakes on commits only through a queue declaration', () => {
    const listeners = calling(filesUnder('server'), /\bonOutboxCommit\b/).filter(file => file !== 'server/domain/shared/outbox-signal.ts')
    const declarations = calling(filesUnder('server'), /\bdefineWorkerQueue\s*[<(]/)
    expect(listeners.filter(file => !declarations.includes(file))).toEqual([])
  })

  it('lists every queue declaration in workers/queues.ts', () => {
    const list = codeOf('server/domain/workers/queues.ts')
    const declarations = calling(filesUnder('server/domain'), /\bdefineWorkerQueue\s*[<(]/).filter(file => file !== 'server/domain/workers/worker-loop.ts')
    expect(declarations.length).toBeGreaterThanOrEqual(3)
    for (const file of declarations) {
      // A declaration, or a queue a local factory of declarations makes (channelQueue, recipientDeliveryQueue).
      const names = [...codeOf(file).matchAll(/export const (\w+) = (?:defineWorkerQueue|\w+Queue)\b/g)].map(match => match[1]!)
      expect(names, file).not.toEqual([])
      const from = relative(join(root, 'server/domain/workers'), join(root, file)).replace(/\.ts$/, '')
      for (const name of names) {
        expect(list, `${name} (${file})`).toContain(`from '${from}'`)
        expect(list.slice(list.indexOf('workerQueues')), `${name} (${file})`).toMatch(new RegExp(`\\b${name}\\b`))
      }
    }
  })

  it('starts the loops in one plugin', () => {
    expect(calling(filesUnder('server'), /\bstartWorkerLoop\s*\(/).filter(file => file !== 'server/domain/workers/worker-loop.ts'))
      .toEqual(['server/plugins/workers.ts'])
  })

  it('reads the public address through publicUrl() alone', () => {
    expect(calling(filesUnder('server'), /process\.env\.(?:NUXT_)?PUBLIC_URL/)).toEqual(['server/domain/shared/public-url.ts'])
  })
})
