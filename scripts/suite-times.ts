/**
 * The suite's own wall time, quiet and busy, per database: written by `npm run test:busy` after a whole run,
 * read by the bench's suite rows (scripts/bench/suite-time.ts). A figure, never a verdict: no test asserts it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { projectRoot } from './built-server'

export type Machine = 'quiet' | 'busy'
export interface SuiteTime { wallSeconds: number, meanLoad: number, maxLoad: number, passed: boolean, at: string }

const file = resolve(projectRoot, '.data/suite-times.json')
export const suiteDialect = () => /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'postgresql' : 'sqlite'

export function readSuiteTimes(): Record<string, SuiteTime> {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
}

export function recordSuiteTime(machine: Machine, time: Omit<SuiteTime, 'at'>): void {
  const times = readSuiteTimes()
  times[`${machine} ${suiteDialect()}`] = { ...time, at: new Date().toISOString() }
  mkdirSync(resolve(projectRoot, '.data'), { recursive: true })
  writeFileSync(file, `${JSON.stringify(times, null, 2)}\n`)
}
