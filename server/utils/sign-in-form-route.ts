import { createError, defineEventHandler, getRequestHeader, sendRedirect, setCookie, type H3Event } from 'h3'
import type { z } from 'zod'
import type { Database } from '../../db/client'
import { signInFormCookiePath, signInFormCookies } from '../../shared/sign-in-form'
import { inputRefusal } from '../domain/shared/domain-error'
import { codeLifetimeMs } from '../domain/accounts/sign-in-codes'
import { publicUrl } from '../domain/shared/public-url'
import { useDatabase } from './database'
import { errorEnvelope } from './error-envelope'
import { apiError } from './errors'
import { readBoundedBody } from './request-body'
import { admitSignIn } from './sign-in-route'
import { traceIdOf } from './trace'

export interface SignInFormDeclaration<B extends z.ZodType> {
  /** The JSON route doing the same for the screens' script: its limit is shared, counted under its name. */
  countedAs: string
  perAddressPerMinute: number
  body: B
}

/** A form's fields: a URL-encoded body of at most a few kilobytes, each field once (a repeated one keeps its last value). */
async function readFormFields(event: H3Event): Promise<Record<string, string>> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(getRequestHeader(event, 'content-type') ?? '')) {
    throw apiError('bad_request', ['Send the form as application/x-www-form-urlencoded.'])
  }
  return Object.fromEntries(new URLSearchParams((await readBoundedBody(event, 4096)).toString('utf8')))
}

/** Where the form goes back to: the sign-in page, keeping the address the reader asked for when it is one of ours. */
export function signInPageAddress(next: string | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'
}

/** A cookie only the sign-in page reads, for as long as a code lives: HttpOnly, SameSite=Lax, Secure on https. */
export function setSignInFormCookie(event: H3Event, name: string, value: string) {
  setCookie(event, name, value, {
    httpOnly: true, sameSite: 'lax', secure: publicUrl().startsWith('https:'), path: signInFormCookiePath, maxAge: codeLifetimeMs / 1000
  })
}

/**
 * Defines a step of the sign-in form as a browser posts it without script (or before its script has loaded): the same
 * checks as the JSON route it stands beside (admitSignIn, under that route's name and limit), the same schema and the
 * same domain function in `handler`, which answers where to go next. The reader is always sent on with a 303: to that
 * address, or back to the sign-in page, which shows the refusal once, in its language, where a screen reader announces
 * it (the problem cookie). A post from another site is refused outright, as the JSON route refuses it.
 */
export function defineSignInFormRoute<B extends z.ZodType>(
  declaration: SignInFormDeclaration<B>,
  handler: (ctx: { event: H3Event, database: Database, client: string, body: z.output<B>, next?: string }) => Promise<string>
) {
  return defineEventHandler(async (event) => {
    const database = await useDatabase()
    let next: string | undefined
    try {
      const client = await admitSignIn(event, database, declaration.countedAs, declaration.perAddressPerMinute)
      const { next: asked, ...fields } = await readFormFields(event)
      next = asked
      const parsed = declaration.body.safeParse(fields)
      if (!parsed.success) throw inputRefusal(parsed.error)
      return sendRedirect(event, await handler({ event, database, client, body: parsed.data, next }), 303)
    } catch (error) {
      const envelope = errorEnvelope(error, traceIdOf(event))
      // Refused outright, as a page: Nuxt's error page shows the status, and nothing is said back to the other site's form.
      if (envelope.data.crossSite) throw createError({ statusCode: envelope.statusCode, statusMessage: envelope.statusMessage })
      if (envelope.statusCode >= 500) throw error
      const { code, detail, fields } = envelope.data
      setSignInFormCookie(event, signInFormCookies.problem, JSON.stringify({ code, detail, fields }))
      return sendRedirect(event, signInPageAddress(next), 303)
    }
  })
}
