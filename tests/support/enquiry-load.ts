import type { ChildProcess } from 'node:child_process'
import { expect } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { changeEvents, enquiries, people } from '../../db/schema'

/** An enquiry the API accepts; `n` makes each one's names its own. */
export function enquiryBody(n: number) {
  return {
    student: { familyName: 'Load', givenNames: `Student ${n}` },
    enquirer: { familyName: 'Load', givenNames: `Parent ${n}`, email: `parent${n}@example.org` }
  }
}

/**
 * Posts enquiries from `concurrency` senders, each taking the servers in turn, until `stop()`; a
 * refused connection or a reset counts as not acknowledged, as a client would take it. Returns the ids
 * the servers acknowledged (2xx) and how many posts got no acknowledgement.
 */
export async function sendEnquiries(
  urls: string[], token: string, options: { concurrency: number, stop: () => boolean, onAcknowledged?: (count: number) => void, limit?: number }
) {
  const acknowledged: string[] = []
  /** What each post that was not acknowledged got: its status, or the error's code. */
  const refusals: string[] = []
  let unacknowledged = 0
  let sent = 0
  const sender = async () => {
    while (!options.stop() && sent < (options.limit ?? Infinity)) {
      const n = sent++
      try {
        const response = await fetch(`${urls[n % urls.length]}/api/v1/enquiries`, {
          method: 'POST',
          headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(enquiryBody(n))
        })
        const body = await response.json() as { id: string }
        if (response.ok) {
          acknowledged.push(body.id)
          options.onAcknowledged?.(acknowledged.length)
        } else {
          unacknowledged++
          refusals.push(String(response.status))
        }
      } catch (error) {
        unacknowledged++
        refusals.push(String((error as { cause?: { code?: string } }).cause?.code ?? error))
        // A server that is gone refuses at once; do not spin on it.
        await new Promise(done => setTimeout(done, 20))
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, sender))
  return { acknowledged, unacknowledged, refusals }
}

/**
 * Every acknowledged enquiry is stored, and every stored one is whole: its child, its enquirer and
 * the events of all three, written in one transaction, with no person of the school outside an
 * enquiry. Returns the stored enquiries' ids.
 */
export async function expectWholeEnquiries(database: Database, schoolId: string, acknowledged: string[]): Promise<string[]> {
  const stored = await database.db.select().from(enquiries).where(eq(enquiries.schoolId, schoolId))
  const storedIds = new Set(stored.map(row => row.id))
  expect(acknowledged.filter(id => !storedIds.has(id))).toEqual([])
  const personIds = stored.flatMap(row => [row.studentId, row.enquirerId])
  const schoolPeople = await database.db.select({ id: people.id }).from(people).where(eq(people.schoolId, schoolId))
  expect(schoolPeople.map(row => row.id).sort()).toEqual([...personIds].sort())
  const events = await database.db.select({ kind: changeEvents.kind, recordId: changeEvents.recordId }).from(changeEvents)
    .where(and(eq(changeEvents.schoolId, schoolId), inArray(changeEvents.kind, ['enquiry.created', 'person.created'])))
  expect(events.filter(event => event.kind === 'enquiry.created').map(event => event.recordId).sort()).toEqual([...storedIds].sort())
  expect(events.filter(event => event.kind === 'person.created').map(event => event.recordId).sort()).toEqual([...personIds].sort())
  return stored.map(row => row.id)
}

/** Resolves with the exit code (or signal) once the process has exited. */
export function exitOf(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode!)
  return new Promise(done => child.once('exit', (code, signal) => done(code ?? signal!)))
}
