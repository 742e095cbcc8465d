import { readFileSync } from 'node:fs'
import { inject } from 'vitest'

/** Whether the shared server's log holds this text (give it a moment to flush). */
export async function serverLogContains(text: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if (readFileSync(inject('serverLogPath'), 'utf8').includes(text)) return true
    await new Promise(r => setTimeout(r, 50))
  }
  return false
}
