import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { endFamilyAccess, inviteFamilyMember } from '../server/domain/portal/family-access'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'
import { validationFailed } from '../server/domain/shared/domain-error'

type Runner = (work: (database: Database) => Promise<void>) => Promise<void>
type Reporter = (json: boolean, value: unknown, human: string) => void

/** `family invite` and `family remove`: family access to the portal for an adult on file, from a script. */
export function familyCommands(withDatabase: Runner, report: Reporter, json: { type: 'boolean', description: string, default: boolean }) {
  const school = { type: 'string', required: true, description: 'The school\'s id (sch_…)' } as const
  const person = { type: 'string', required: true, description: 'The adult\'s person id (per_…)' } as const
  const invite = defineCommand({
    meta: {
      name: 'invite',
      description: 'Give an adult on file family access at the address on their record; mails and prints their sign-in link (once, within 7 days)'
    },
    args: { school, person, json },
    run: ({ args }) => withDatabase(async (database) => {
      // The flag older versions took is refused, not ignored: whoever passes it learns where the address comes from.
      if ((args as Record<string, unknown>).email !== undefined) {
        throw validationFailed([
          { path: 'email', message: 'An invitation goes to the address on the person\'s record alone: change it there first, then invite without --email.' }
        ])
      }
      const found = await requireSchool(database, args.school)
      const invited = await inviteFamilyMember(systemContext(database, found, 'cli'), args.person)
      report(
        args.json, { accountId: invited.accountId, signInLink: invited.signInLink },
        `Family access given to ${args.person} (account ${invited.accountId}). Their sign-in link works once, within 7 days:\n${invited.signInLink}`
      )
    })
  })
  const remove = defineCommand({
    meta: { name: 'remove', description: 'End an adult\'s family access' },
    args: { school, person, json },
    run: ({ args }) => withDatabase(async (database) => {
      const found = await requireSchool(database, args.school)
      const ended = await endFamilyAccess(systemContext(database, found, 'cli'), args.person)
      report(args.json, ended, `Family access of ${args.person} ended.`)
    })
  })
  return defineCommand({ meta: { name: 'family', description: 'Give adults on file the family portal, or end it' }, subCommands: { invite, remove } })
}
