import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { addStaffWithLink } from '../server/domain/staff/add-staff-with-link'
import { grantStaffAccessElsewhere } from '../server/domain/staff/staff-access-elsewhere'
import { signInLinkLifetimeMs } from '../server/domain/accounts/sign-in-links'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'

type Runner = (work: (database: Database) => Promise<void>) => Promise<void>
type Reporter = (json: boolean, value: unknown, human: string) => void

/** `staff add`: the first administrator of a school, or anyone after. */
export function staffCommands(withDatabase: Runner, report: Reporter, json: { type: 'boolean', description: string, default: boolean }) {
  const add = defineCommand({
    meta: {
      name: 'add',
      description: 'Add a member of staff; prints their one-time sign-in link (24 hours) to register a passkey, or mails it to an address that already had an account'
    },
    args: {
      school: { type: 'string', required: true, description: 'The school\'s id (sch_…)' },
      email: { type: 'string', required: true, description: 'Their email address' },
      role: { type: 'string', required: true, description: 'admin, office, admissions, teacher or read_only' },
      person: {
        type: 'string',
        description: 'Their own person record (per_…: a staff affiliation and this address on file), so a member of staff who is also a parent can be given family access on this account'
      },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      const school = await requireSchool(database, args.school)
      const added = await addStaffWithLink(systemContext(database, school, 'cli'), { email: args.email, role: args.role, personId: args.person })
      const link = added.signInLink
        ? `Their sign-in link works once, for ${signInLinkLifetimeMs / 3600_000} hours:\n${added.signInLink}`
        : `The address already had an account: its sign-in link (${signInLinkLifetimeMs / 3600_000} hours) was mailed to it.`
      report(args.json, added, `Added ${added.member.email} (${added.member.role}) as ${added.member.id}. ${link}`)
    })
  })
  const grant = defineCommand({
    meta: {
      name: 'grant',
      description: 'Give an account of another school of this deployment staff access here too: it signs in once and switches (docs/several-schools.md)'
    },
    args: {
      school: { type: 'string', required: true, description: 'The school\'s id (sch_…) to give access at' },
      email: { type: 'string', required: true, description: 'The address of their existing account' },
      role: { type: 'string', required: true, description: 'admin, office, admissions, teacher or read_only' },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      const school = await requireSchool(database, args.school)
      const member = await grantStaffAccessElsewhere(systemContext(database, school, 'cli'), { email: args.email, role: args.role })
      report(args.json, member, `${member.email} (${member.id}) now has staff access at ${school.name} as ${member.role}; they switch from the user menu.`)
    })
  })
  return defineCommand({ meta: { name: 'staff', description: 'Add staff who sign in to the screens' }, subCommands: { add, grant } })
}
