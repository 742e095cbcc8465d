import { defineCommand } from 'citty'
import { eq } from 'drizzle-orm'
import { people } from '../db/schema'
import type { Database } from '../db/client'
import { receiptsOfPerson } from '../server/domain/receipts/receipts'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'
import { domainError } from '../server/domain/shared/domain-error'

type Runner = (work: (database: Database) => Promise<void>) => Promise<void>
type Reporter = (json: boolean, value: unknown, human: string) => void

/** `receipts --person ID`: every data-access receipt of a person (13 months), for a subject-access request. */
export function receiptsCommand(withDatabase: Runner, report: Reporter, json: { type: 'boolean', description: string, default: boolean }) {
  return defineCommand({
    meta: { name: 'receipts', description: 'Which API tokens read a person\'s records, per day, for a subject-access request' },
    args: { person: { type: 'string', required: true, description: 'The person\'s id (per_…)' }, json },
    run: ({ args }) => withDatabase(async (database) => {
      const [person] = await database.db.select({ schoolId: people.schoolId }).from(people).where(eq(people.id, args.person))
      if (!person) throw domainError('not_found', [`No person has the id ${args.person}.`])
      const receipts = await receiptsOfPerson(systemContext(database, await requireSchool(database, person.schoolId), 'cli'), args.person)
      const lines = receipts.map(receipt =>
        `  ${receipt.day}  ${receipt.purpose} (${receipt.tokenId}): ${receipt.reads} read${receipt.reads === 1 ? '' : 's'}, ${receipt.scopes.map(scope => scope.name).join(', ')}`)
      report(
        args.json, { personId: args.person, receipts },
        receipts.length ? `Receipts of ${args.person}:\n${lines.join('\n')}` : `No token read ${args.person}'s records in the last 13 months.`
      )
    })
  })
}
