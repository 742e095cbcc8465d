/**
 * The OneRoster REST row's steps on the bench's database (run by scripts/bench/oneroster-rest.ts in a process of
 * its own, as `tsx scripts/bench/oneroster-rest-step.ts <step> <schoolId>`), each printing its JSON last:
 * `client` makes a OneRoster client of the school as Settings → Rostering does and prints its credentials;
 * `change` moves the students named (ids apart by commas) to another year level, each change its own write as the
 * office's are.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { affiliations, schools } from '../../db/schema'
import { openDatabase } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { createOneRosterClient } from '../../server/domain/oneroster/clients'
import { cedsGrade } from '../../server/domain/rosters/grade-codes'

const [step, schoolId, named] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId!), 'bench')

if (step === 'client') {
  const client = await createOneRosterClient(ctx, { name: 'bench', scopes: ['roster.readonly', 'roster-core.readonly'] })
  console.log(JSON.stringify({ clientId: client.clientId, clientSecret: client.clientSecret }))
} else if (step === 'change') {
  const students = await database.db.select({ id: affiliations.id, yearLevel: affiliations.yearLevel }).from(affiliations)
    .where(and(eq(affiliations.schoolId, schoolId!), eq(affiliations.kind, 'student'), inArray(affiliations.personId, named!.split(','))))
  for (const student of students) {
    // Another grade, not only other words for the same one: the served object changes with its CEDS grade.
    const yearLevel = cedsGrade(student.yearLevel) === '09' ? 'Year 10' : 'Year 9'
    await database.transaction(async (tx) => {
      await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, schoolId!))
      await tx.update(affiliations).set({ yearLevel }).where(eq(affiliations.id, student.id))
    })
  }
  console.log(JSON.stringify({ changed: students.length }))
} else {
  throw new Error(`No step ${step}; use client or change.`)
}
await database.close()
