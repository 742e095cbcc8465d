import { deleteCookie, getCookie, getRequestHeader, setCookie, type H3Event } from 'h3'
import type { Database } from '../../db/client'
import type { Account } from '../domain/accounts/accounts'
import { accessFor } from '../domain/access/access'
import type { PasskeyChangeRequest } from '../domain/accounts/passkeys'
import { findLiveSession, hasRecentPasskeyProof, sessionAbsoluteMs } from '../domain/accounts/sessions'
import { schoolRequiresPasskeys } from '../domain/accounts/sign-in-policy'
import { schoolRefOfCaller } from '../domain/schools/caller-school'
import { apiError } from './errors'
import type { Principal, Surface } from './principal'
import { publicUrl } from '../domain/shared/public-url'
import { refuseCrossSiteChange } from './same-origin'

const onHttps = () => publicUrl().startsWith('https:')

/**
 * The session cookie's name, the one definition of it. On https it carries the `__Host-` prefix: the
 * browser then takes it only Secure, for `Path=/` and without `Domain`, so no sibling subdomain or
 * plain-http page can plant or overwrite it. Plain `http://localhost` keeps the bare name.
 */
export function sessionCookieName(): string {
  return onHttps() ? '__Host-rollbook_session' : 'rollbook_session'
}

/** What the app surface learned about the caller's session, for its own later checks and the handler. */
export interface StaffSessionFacts {
  session: { id: string, method: string, passkeyAt: string | null, schoolAt: string | null, createdAt: string, expiresAt: string }
  account: Account
  /** The role of the account's live staff access at the school; null for an account with family access alone. */
  staffRole: string | null
  passkeysRequired: boolean
}

declare module 'h3' {
  interface H3EventContext { staffSession?: StaffSessionFacts }
}

/** The session's cookie: HttpOnly, SameSite=Lax, Secure when the public URL is https, and never past the session's absolute end. */
export function setSessionCookie(event: H3Event, secret: string) {
  setCookie(event, sessionCookieName(), secret, {
    httpOnly: true, sameSite: 'lax', secure: onHttps(), path: '/', maxAge: sessionAbsoluteMs / 1000
  })
}

/** With the attributes it was set with: a browser ignores a `__Host-` cookie's removal without `Secure`. */
export function clearSessionCookie(event: H3Event) {
  deleteCookie(event, sessionCookieName(), { httpOnly: true, sameSite: 'lax', secure: onHttps(), path: '/' })
}

/** The session's cookie value, when there is one of a plausible size. */
export function sessionSecretOf(event: H3Event): string | undefined {
  const secret = getCookie(event, sessionCookieName())
  return secret && secret.length <= 128 ? secret : undefined
}

/** Identifies a member of staff by their session cookie; anything else, or a change from another site, is refused. */
async function identifyStaffSession(event: H3Event, database: Database): Promise<Principal> {
  refuseCrossSiteChange(event)
  const secret = sessionSecretOf(event)
  const found = secret ? await findLiveSession(database, secret) : undefined
  if (!found) throw apiError('unauthenticated', ['Sign in first: there is no session, or it ended (signed out, idle for eight hours, or seven days old).'])
  const { session, account, school, staffRole } = found
  event.context.staffSession = { session, account, staffRole, passkeysRequired: await schoolRequiresPasskeys(database, school.id) }
  return {
    // Without staff access the role is none: no capability, and admitStaffSession lets it reach its own credentials alone.
    ...await accessFor(database, school, { kind: 'staff', accountId: account.id, sessionId: session.id, role: staffRole ?? '' }),
    school: schoolRefOfCaller(school),
    limitKey: `staff ${account.id}`,
    lastWriteAt: session.lastWriteAt
  }
}

export interface AppRouteGuards {
  /** Needs a passkey proof within the last five minutes (`step_up_required`). */
  stepUp?: boolean
  /** Open to a session made by an emailed code even where the school requires passkeys: registering one, signing out. */
  beforePasskey?: boolean
}

/** The facts of the session the app surface identified for this request. */
export function staffSessionOf(event: H3Event): StaffSessionFacts {
  const facts = event.context.staffSession
  if (!facts) throw new Error('staffSessionOf is for routes of the app surface')
  return facts
}

/** What adding or removing a passkey needs to know of the request: the session's last passkey proof and the browser, for the notice mail. */
export function passkeyChangeRequestOf(event: H3Event): PasskeyChangeRequest {
  const { passkeyAt, schoolAt } = staffSessionOf(event).session
  return { passkeyAt, schoolAt, userAgent: getRequestHeader(event, 'user-agent') }
}

/** `step_up_required` unless the session proved a passkey within five minutes: the `stepUp` guard, and a handler whose need depends on the request. */
export function requireStepUp(event: H3Event) {
  if (!hasRecentPasskeyProof(staffSessionOf(event).session)) {
    throw apiError('step_up_required', ['Confirm with your passkey first: this needs a passkey proof within the last five minutes.'])
  }
}

function admitStaffSession(event: H3Event, guards: AppRouteGuards) {
  const { session, staffRole, passkeysRequired } = staffSessionOf(event)
  // An account with family access alone reaches only its own credentials (the guard's routes) and the portal.
  if (staffRole === null && !guards.beforePasskey) {
    throw apiError('forbidden', ['This account has family access only: the family portal is at /family.'])
  }
  if (passkeysRequired && session.passkeyAt === null && !guards.beforePasskey) {
    throw apiError('passkey_required', ['The school requires staff to sign in with a passkey: register one, then sign in with it.'])
  }
  if (guards.stepUp) requireStepUp(event)
}

const surfaces = new Map<string, Surface>()

/** `/api/app`: the screens, by session cookie, with the route's own passkey guards. */
export function appSessionSurface(guards: AppRouteGuards): Surface {
  const key = `${guards.stepUp ? 1 : 0}${guards.beforePasskey ? 1 : 0}`
  let surface = surfaces.get(key)
  if (!surface) {
    surface = { name: 'app', identify: identifyStaffSession, admit: event => admitStaffSession(event, guards) }
    surfaces.set(key, surface)
  }
  return surface
}
