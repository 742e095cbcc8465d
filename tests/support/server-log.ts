import { readFileSync } from 'node:fs'
import { inject } from 'vitest'

function serverLog(): string {
  return readFileSync(inject('serverLogPath'), 'utf8')
}

/** Whether the shared server's log holds this text (give it a moment to flush). */
export async function serverLogContains(text: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if (serverLog().includes(text)) return true
    await new Promise(r => setTimeout(r, 50))
  }
  return false
}

/** The shared server's log lines that hold this text, once at least one does (give it a moment to flush). */
export async function serverLogLinesWith(text: string): Promise<string[]> {
  await serverLogContains(text)
  return serverLog().split('\n').filter(line => line.includes(text))
}

/** The whole log of the shared server so far. */
export const wholeServerLog = serverLog
