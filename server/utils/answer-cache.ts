import type { SchoolRef } from '../domain/shared/context'

const enabled = process.env.ROLLBOOK_ANSWER_CACHE !== 'off'
const maxEntries = 2000
const answers = new Map<string, { version: number, answer: JsonAnswer<unknown> }>()

/** An answer already written as JSON, so a kept answer is not serialised again for every request. */
export class JsonAnswer<T> {
  readonly text: string
  constructor(readonly value: T) {
    this.text = JSON.stringify(value)
  }
}

/**
 * An answer that depends only on the school's data and the request, kept until the school's data
 * changes. Every write bumps the school's data version in its own transaction (writeChanges), and
 * the version is read with the token before any data is, so a kept answer is never older than its
 * version says and is dropped by the first request that sees a newer one; this holds across server
 * instances, each keeping its own. The key must name everything else the answer depends on (list,
 * filters, limit, cursor, and the day where "today" matters). `ROLLBOOK_ANSWER_CACHE=off` turns
 * keeping off (the bench uses it to show the uncached cost).
 */
export async function cachedForSchoolData<T>(school: SchoolRef, key: string, build: () => Promise<T>): Promise<JsonAnswer<T>> {
  if (!enabled) return new JsonAnswer(await build())
  const slot = `${school.id}\u0000${key}`
  const held = answers.get(slot)
  if (held && held.version === school.dataVersion) {
    answers.delete(slot)
    answers.set(slot, held)
    return held.answer as JsonAnswer<T>
  }
  const answer = new JsonAnswer(await build())
  answers.delete(slot)
  answers.set(slot, { version: school.dataVersion, answer })
  if (answers.size > maxEntries) answers.delete(answers.keys().next().value!)
  return answer
}
