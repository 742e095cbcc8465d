import type { H3Event } from 'h3'
import type { Database } from '../../db/client'
import type { PortalSection } from '../../shared/vocabulary'
import { accessFor, holdsCapability } from '../domain/access/access'
import { liveFamilyAccess } from '../domain/accounts/access-kinds'
import { findLiveSession } from '../domain/accounts/sessions'
import { schoolRequiresPasskeys } from '../domain/accounts/sign-in-policy'
import { restrictedChildrenOfAdult } from '../domain/portal/portal-preview'
import { schoolRefOfCaller } from '../domain/schools/caller-school'
import { sessionSecretOf } from './app-session'
import { apiError } from './errors'
import type { Principal, Surface } from './principal'
import { refuseCrossSiteChange } from './same-origin'

/** Whom a portal request is about: the adult whose view it is, and whether a member of staff is previewing it. */
export interface PortalCaller {
  /** The adult person on file the portal shows: the family member, or the adult a member of staff previews. */
  adultId: string
  accountId: string
  /** A member of staff previewing as the adult: every change is refused, every section answers. */
  preview: boolean
}

declare module 'h3' {
  interface H3EventContext { portalCaller?: PortalCaller, portalPasskeyMissing?: boolean }
}

/**
 * Identifies a portal caller by the session cookie: a member of staff previewing an adult (while they
 * hold `portal.preview`), or an account with live family access at its school; any other signed-in
 * account is `no_portal_identity`. A child is never part of who the caller is: each route asks standing.
 */
async function identifyPortalCaller(event: H3Event, database: Database): Promise<Principal> {
  refuseCrossSiteChange(event)
  const secret = sessionSecretOf(event)
  const found = secret ? await findLiveSession(database, secret) : undefined
  if (!found) throw apiError('unauthenticated', ['Sign in first: there is no session, or it ended (signed out, idle for eight hours, or seven days old).'])
  const { session, account, school, staffRole } = found
  const schoolRef = schoolRefOfCaller(school)
  if (session.previewPersonId && staffRole !== null) {
    const access = await accessFor(database, school, { kind: 'staff', accountId: account.id, sessionId: session.id, role: staffRole })
    if (holdsCapability(access, 'portal.preview')) {
      // A child of the adult came under restriction since the preview began: it now needs what starting it would (portal-preview.ts).
      if (!holdsCapability(access, 'restricted.read') && (await restrictedChildrenOfAdult({ database, school: schoolRef }, session.previewPersonId)).length) {
        throw apiError('forbidden', ['The caller lacks the capability restricted.read.'], { data: { missingScope: 'restricted.read' } })
      }
      event.context.portalCaller = { adultId: session.previewPersonId, accountId: account.id, preview: true }
      event.context.portalPasskeyMissing = session.passkeyAt === null && await schoolRequiresPasskeys(database, school.id)
      return { ...access, school: schoolRef, limitKey: `staff ${account.id}`, lastWriteAt: session.lastWriteAt }
    }
  }
  const family = await liveFamilyAccess(database.db, school.id, { accountId: account.id })
  if (!family) {
    throw apiError('no_portal_identity', ['This account has no family access at the school: ask the school office to invite you to the family portal.'])
  }
  event.context.portalCaller = { adultId: family.personId, accountId: account.id, preview: false }
  return {
    ...await accessFor(database, school, { kind: 'family', accountId: account.id, sessionId: session.id, personId: family.personId }),
    school: schoolRef,
    limitKey: `family ${account.id}`,
    lastWriteAt: session.lastWriteAt
  }
}

/** The portal caller the portal surface identified for this request. */
export function portalCallerOf(event: H3Event): PortalCaller {
  const caller = event.context.portalCaller
  if (!caller) throw new Error('portalCallerOf is for routes of the portal surface')
  return caller
}

const isRead = (event: H3Event) => event.method === 'GET' || event.method === 'HEAD'

/**
 * A preview changes nothing (`preview_read_only`) and a member of staff previews under the staff
 * sign-in policy; a section the school switched off answers `section_off` to families, never to
 * staff previewing it.
 */
function admitPortalCaller(event: H3Event, principal: Principal, section: PortalSection | undefined) {
  const caller = portalCallerOf(event)
  if (caller.preview) {
    if (event.context.portalPasskeyMissing) {
      throw apiError('passkey_required', ['The school requires staff to sign in with a passkey: register one, then sign in with it.'])
    }
    if (!isRead(event)) throw apiError('preview_read_only', ['This is a preview of the family portal: nothing can be changed from it.'])
    return
  }
  if (section && principal.school.lists.portalSectionsOff?.includes(section)) {
    throw apiError('section_off', ['The school has switched this part of the family portal off.'])
  }
}

const surfaces = new Map<string, Surface>()

/** `/api/app/portal`: the family portal, by session cookie, for a section of it (or none: the portal's own). */
export function portalSurface(section: PortalSection | undefined): Surface {
  const key = section ?? ''
  let surface = surfaces.get(key)
  if (!surface) {
    surface = { name: 'portal', identify: identifyPortalCaller, admit: (event, principal) => admitPortalCaller(event, principal, section) }
    surfaces.set(key, surface)
  }
  return surface
}
