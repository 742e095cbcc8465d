import type { z } from 'zod'
import type { ModuleName } from '../../db/schema'
import type { Scope } from '../domain/access/catalogue'
import { bearerTokenSurface } from './bearer-token'
import { defineSurfaceRoute, type DeclaredRoute, type RouteContext, type RouteDeclaration } from './route-pipeline'

type AnyObject = z.ZodType<Record<string, unknown>>

/** Defines a `/api/v1` route: the request pipeline (route-pipeline.ts) over bearer tokens; it needs a v1 scope and belongs to a module. */
export function defineApiRoute<
  R extends z.ZodType,
  Q extends AnyObject = z.ZodObject<Record<string, never>>,
  P extends AnyObject = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodUndefined
>(
  declaration: RouteDeclaration<Q, P, B, R> & { scope: Scope, module: ModuleName }, handler: (ctx: RouteContext<Q, P, B>) => Promise<z.input<R>>
): DeclaredRoute {
  return defineSurfaceRoute(bearerTokenSurface, declaration, handler)
}
