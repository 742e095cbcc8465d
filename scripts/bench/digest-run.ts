/**
 * The digest row's run (issue 38), in a process of its own as the other bench steps: in the school named, 20,000
 * adults with an address choose the daily digest for the school's messages, two messages go to the whole school (held
 * for the digest: nothing is mailed), and the day's digests are gathered as the digest queue gathers them at the
 * school's digest time (digests.ts). Timed: the gathering alone, in this process; the bench then times the server
 * mailing every digest. The emergency row's devices are removed first: their push service is gone. Prints, as JSON,
 * how many adults chose the digest, how many digests were queued and the seconds the gathering took.
 */
import { performance } from 'node:perf_hooks'
import { and, eq, isNotNull } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { notificationChoices, parentalResponsibilities, people, pushSubscriptions } from '../../db/schema'
import { bulkInsert } from '../../db/bulk-insert'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { sendMessage } from '../../server/domain/messages/send-message'
import { gatherDigests } from '../../server/domain/notifications/digests'
import { newId } from '../../server/domain/shared/ids'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { insertPerson } from '../../server/domain/people/person-record'
import { insertParentalResponsibility } from '../../server/domain/people/parental-responsibility'

/** As the digest row's target (scripts/bench/digest.ts) asks. */
const digestAdults = 20_000

const [schoolId = ''] = process.argv.slice(2)
const database = openDatabase()
const school = await requireSchool(database, schoolId)
const context = systemContext(database, school, 'bench')
const adults = [...new Set((await database.db.selectDistinct({ id: parentalResponsibilities.adultId }).from(parentalResponsibilities)
  .innerJoin(people, eq(people.id, parentalResponsibilities.adultId))
  .where(and(eq(parentalResponsibilities.schoolId, schoolId), isNotNull(people.email)))).map(row => row.id))].sort().slice(0, digestAdults)
// The large school's families hold about 17,000 adults: the rest of the 20,000 are second carers added to its children.
if (adults.length < digestAdults) {
  const children = [...new Set((await database.db.selectDistinct({ id: parentalResponsibilities.childId }).from(parentalResponsibilities)
    .where(eq(parentalResponsibilities.schoolId, schoolId))).map(row => row.id))].sort()
  await writeChanges(context, async (tx, changes) => {
    for (let index = 0; adults.length < digestAdults; index++) {
      const adultId = await insertPerson(tx, changes, schoolId, { familyName: 'Digest', givenNames: `Carer ${index}`,
        email: `bench-digest-${index}@example.org` })
      await insertParentalResponsibility(tx, changes, school, {
        adultId, childId: children[index % children.length]!, relationship: 'parent', validFrom: '2020-01-01', validTo: null
      })
      adults.push(adultId)
    }
  })
}
const at = new Date().toISOString()
await database.transaction(async (tx) => {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.schoolId, schoolId))
  await bulkInsert(tx, notificationChoices, adults.map(adultId => ({ id: newId('nch'), schoolId, adultId, kind: 'school' as const,
    channel: 'email' as const, mode: 'digest' as const, updatedAt: at })),
  { target: ['adultId', 'kind', 'channel'], replace: ['mode'] })
})
const audience = (school.lists.yearLevels ?? []).map(level => `year:${level}`)
for (const subject of ['Bench: library books are due', 'Bench: choir practice moves to Thursday']) {
  await sendMessage(context, { subject, body: `${subject}.`, audience })
}
const started = performance.now()
const digests = await gatherDigests(database, schoolId)
console.log(JSON.stringify({ adults: adults.length, digests, gatherSeconds: (performance.now() - started) / 1000 }))
await database.close()
