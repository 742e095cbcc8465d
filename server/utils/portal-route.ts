import type { z } from 'zod'
import type { ModuleName, PortalSection } from '../../shared/vocabulary'
import { todayInZone } from '../domain/days/clock'
import { portalCallerOf, portalSurface, type PortalCaller } from './portal-session'
import { defineSurfaceRoute, type DeclaredRoute, type RouteContext, type RouteDeclaration } from './route-pipeline'

type AnyObject = z.ZodType<Record<string, unknown>>

export type PortalRouteDeclaration<Q extends AnyObject, P extends AnyObject, B extends z.ZodType, R extends z.ZodType> =
  Omit<RouteDeclaration<Q, P, B, R>, 'scope' | 'tokensIssuedVia' | 'keep' | 'fieldScopes' | 'module'> & {
    /** The section of the portal the route serves, which the school can switch off for families. */
    section?: PortalSection
    /**
     * The part of the service the route reads or writes, as the office's routes over the same records
     * declare it: off is `component_off`, read-only refuses its writes, for families as for staff.
     * Always declared (tests/unit/server/api/app/portal.test.ts); `null` only where the office's own
     * routes belong to no module either (consents, messages).
     */
    module: ModuleName | null
  }

/** What a portal handler receives besides the request: whose view it is, and the day standing is asked on. */
export type PortalRouteContext<Q extends AnyObject, P extends AnyObject, B extends z.ZodType> = RouteContext<Q, P, B> & {
  portal: PortalCaller
  /** Today in the school's zone: the portal always asks standing on the day. */
  day: string
}

/**
 * Defines a `/api/app/portal` route: the request pipeline (route-pipeline.ts) over the portal caller
 * (portal-session.ts). Its answers are never kept: they depend on who asks and on the day.
 */
export function definePortalRoute<
  R extends z.ZodType,
  Q extends AnyObject = z.ZodObject<Record<string, never>>,
  P extends AnyObject = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodUndefined,
  A extends z.input<R> = z.input<R>
>(declaration: PortalRouteDeclaration<Q, P, B, R>, handler: (ctx: PortalRouteContext<Q, P, B>) => Promise<A>): DeclaredRoute<A> {
  const { section, module, ...rest } = declaration
  return defineSurfaceRoute(
    portalSurface(section), { ...rest, module: module ?? undefined },
    ctx => handler({ ...ctx, portal: portalCallerOf(ctx.event), day: todayInZone(ctx.school.timeZone) })
  )
}
