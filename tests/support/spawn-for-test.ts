import type { ChildProcess, SpawnOptions } from 'node:child_process'
import { onTestFinished } from 'vitest'
import { spawnGroup, stopGroup } from '../../scripts/process-groups'
import { noteProcess } from './test-processes'

/**
 * Starts a child for the running test in a group of its own, notes it, and ends the group when the test
 * ends, passed, failed or timed out. Call it inside a test; a hook's child is `spawnGroup` and `noteProcess`
 * with its own `afterAll`.
 */
export function spawnForTest(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawnGroup(command, args, options)
  noteProcess(child, [command, ...args].join(' '))
  onTestFinished(() => stopGroup(child))
  return child
}
