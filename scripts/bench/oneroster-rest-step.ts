/**
 * The OneRoster REST row's steps on the bench's database (run by scripts/bench/oneroster-rest.ts in a process of
 * its own, as `tsx scripts/bench/oneroster-rest-step.ts <step> <schoolId>`), each printing its JSON last:
 * `client` makes a OneRoster client of the school as Settings → Rostering does and prints its credentials;
 * `change` moves 100 students to another year level, each change its own write as the office's are.
 */
import { and, eq, sql } from 'drizzle-orm'
import { affiliations, schools } from '../../db/schema'
import { openDatabase } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { createOneRosterClient } from '../../server/domain/oneroster/clients'

const [step, schoolId] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId!), 'bench')

if (step === 'client') {
  const client = await createOneRosterClient(ctx, { name: 'bench', scopes: ['roster.readonly', 'roster-core.readonly'] })
  console.log(JSON.stringify({ clientId: client.clientId, clientSecret: client.clientSecret }))
} else if (step === 'change') {
  const students = await database.db.select({ id: affiliations.id, yearLevel: affiliations.yearLevel }).from(affiliations)
    .where(and(eq(affiliations.schoolId, schoolId!), eq(affiliations.kind, 'student'))).orderBy(affiliations.id).limit(100)
  for (const student of students) {
    await database.transaction(async (tx) => {
      await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, schoolId!))
      await tx.update(affiliations).set({ yearLevel: student.yearLevel === 'Year 9' ? 'Year 10' : 'Year 9' }).where(eq(affiliations.id, student.id))
    })
  }
  console.log(JSON.stringify({ changed: students.length }))
} else {
  throw new Error(`No step ${step}; use client or change.`)
}
await database.close()
