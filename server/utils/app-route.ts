import type { z } from 'zod'
import type { Capability } from '../domain/access/catalogue'
import { appSessionSurface, type AppRouteGuards } from './app-session'
import { defineSurfaceRoute, type DeclaredRoute, type RouteContext, type RouteDeclaration } from './route-pipeline'

type AnyObject = z.ZodType<Record<string, unknown>>

export type AppRouteDeclaration<Q extends AnyObject, P extends AnyObject, B extends z.ZodType, R extends z.ZodType> =
  Omit<RouteDeclaration<Q, P, B, R>, 'scope'> & AppRouteGuards & {
    /** What the caller's role must grant; none: any signed-in member of staff. */
    capability?: Capability
  }

/** Defines a `/api/app` route: the request pipeline (route-pipeline.ts) over staff sessions, typed as answering what its handler returns. */
export function defineAppRoute<
  R extends z.ZodType,
  Q extends AnyObject = z.ZodObject<Record<string, never>>,
  P extends AnyObject = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodUndefined,
  A extends z.input<R> = z.input<R>
>(declaration: AppRouteDeclaration<Q, P, B, R>, handler: (ctx: RouteContext<Q, P, B>) => Promise<A>): DeclaredRoute<A> {
  const { capability, stepUp, beforePasskey, ...rest } = declaration
  return defineSurfaceRoute(appSessionSurface({ stepUp, beforePasskey }), { ...rest, scope: capability }, handler)
}
