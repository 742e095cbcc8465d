import { expect } from 'vitest'
import type { ApiAnswer } from './api'

/** Asserts the error envelope (docs/decisions.md) exactly: nothing more at the top, no stack or message. */
export function expectEnvelope(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toMatch(/application\/json/)
  expect(Object.keys(answer.body).sort()).toEqual(['data', 'statusCode', 'statusMessage'])
  expect(answer.body.statusCode).toBe(status)
  expect(typeof answer.body.statusMessage).toBe('string')
  expect(answer.body.data.code).toBe(code)
  expect(Array.isArray(answer.body.data.detail)).toBe(true)
  expect(answer.body.data.detail.length).toBeGreaterThan(0)
  expect(answer.body.data.traceId).toMatch(/^[0-9a-f]{16}$/)
  const text = JSON.stringify(answer.body)
  // Fields name their problem in `message`: validation_failed always, bad_request for text that is not what it looks like.
  const fields = answer.body.data.fields !== undefined
  for (const leak of ['"stack"', '"message":', '"url"', 'at async', 'node_modules']) {
    if (!fields || leak !== '"message":') expect(text).not.toContain(leak)
  }
  if (fields) {
    for (const field of answer.body.data.fields) expect(Object.keys(field).sort()).toEqual(['message', 'path'])
  }
  return answer.body.data as { code: string, detail: string[], fields?: { path: string, message: string }[], traceId: string }
}

export function fieldPaths(answer: ApiAnswer): string[] {
  return (answer.body.data.fields ?? []).map((f: { path: string }) => f.path).sort()
}
