/**
 * Setup for the messages row's language versions (issue 37), in a process of its own as the other bench steps: in the
 * school named, the adults with parental responsibility, in id order, prefer Spanish one in three and Arabic one in
 * six; the rest keep the school's own language. Written straight to the table in batches: the office's route sets
 * one adult a request, and this is the bench's school, not a measurement. Prints, as JSON, how many prefer each.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { parentalResponsibilities, people } from '../../db/schema'

const [schoolId = ''] = process.argv.slice(2)
const database = openDatabase()
const adults = [...new Set((await database.db.select({ id: parentalResponsibilities.adultId }).from(parentalResponsibilities)
  .where(eq(parentalResponsibilities.schoolId, schoolId))).map(row => row.id))].sort()
const chosen = { es: adults.filter((_, index) => index % 3 === 0), ar: adults.filter((_, index) => index % 6 === 1) }
const batch = 1000
await database.transaction(async (tx) => {
  for (const [language, ids] of Object.entries(chosen)) {
    for (let start = 0; start < ids.length; start += batch) {
      await tx.update(people).set({ preferredLanguage: language })
        .where(and(eq(people.schoolId, schoolId), inArray(people.id, ids.slice(start, start + batch))))
    }
  }
})
console.log(JSON.stringify({ adults: adults.length, es: chosen.es.length, ar: chosen.ar.length }))
await database.close()
