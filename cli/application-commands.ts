/**
 * The office's steps on the admin command line, for self-hosters and tests:
 *
 *   npm run admin -- application offer --id ID [--starts-on DAY] [--campus NAME]
 *   npm run admin -- application accept --id ID
 *   npm run admin -- application decline --id ID
 *   npm run admin -- application list --school ID
 *
 * Each takes --json. A step out of order is refused with one line on stderr and exit 1.
 */
import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { systemContext } from '../server/domain/shared/context'
import { requireSchool } from '../server/domain/schools/find-school'
import { acceptOffer, declineOffer, offerApplication } from '../server/domain/admissions/office-steps'
import { listApplications, schoolOfApplication } from '../server/domain/admissions/list-applications'
import { jsonFlag as json, report, withDatabase } from './command-support'

const id = { type: 'string', required: true, description: 'The application\'s id' } as const

/** A step on one application, taken as the CLI (`system:cli`). */
async function onApplication(database: Database, applicationId: string) {
  return systemContext(database, await schoolOfApplication(database, applicationId), 'cli')
}

const stepLine = (value: { id: string, state: string }) => `${value.id} is now ${value.state}`

const offer = defineCommand({
  meta: { name: 'offer', description: 'Offer a place on a submitted application' },
  args: {
    id, 'starts-on': { type: 'string', description: 'First day on the roll (YYYY-MM-DD)' }, 'campus': { type: 'string', description: 'Campus name' },
    json
  },
  run: ({ args }) => withDatabase(async (database) => {
    const step = await offerApplication(await onApplication(database, args.id), args.id, { startsOn: args['starts-on'], campus: args.campus })
    report(args.json, step, stepLine(step))
  })
})

const accept = defineCommand({
  meta: { name: 'accept', description: 'Record that the family accepted the offer' },
  args: { id, json },
  run: ({ args }) => withDatabase(async (database) => {
    const step = await acceptOffer(await onApplication(database, args.id), args.id)
    report(args.json, step, stepLine(step))
  })
})

const decline = defineCommand({
  meta: { name: 'decline', description: 'Record that the family declined the offer' },
  args: { id, json },
  run: ({ args }) => withDatabase(async (database) => {
    const step = await declineOffer(await onApplication(database, args.id), args.id)
    report(args.json, step, stepLine(step))
  })
})

const list = defineCommand({
  meta: { name: 'list', description: 'List a school\'s applications and enrolments' },
  args: { school: { type: 'string', required: true }, json },
  run: ({ args }) => withDatabase(async (database) => {
    const rows = await listApplications(systemContext(database, await requireSchool(database, args.school), 'cli'))
    report(args.json, rows, rows.map(row => `${row.id}  ${row.state.padEnd(9)}  ${row.studentId}  ${row.startsOn ?? ''}`).join('\n') || 'No applications.')
  })
})

export const applicationCommand = defineCommand({
  meta: { name: 'application', description: 'The office\'s steps on applications' },
  subCommands: { offer, accept, decline, list }
})
