declare module '#rollbook/v1-routes' {
  import type { DeclaredRoute } from '../utils/route-pipeline'

  /** A route Nitro scanned, with its method and a loader for its module. */
  export interface RouteModule { route: string, method: string, load: () => Promise<{ default: DeclaredRoute }> }

  /** The /api/v1 routes, loaded on demand for the OpenAPI document. */
  export const v1RouteModules: RouteModule[]
}

declare module '#rollbook/app-routes' {
  import type { RouteModule } from '#rollbook/v1-routes'

  /** The /api/app routes, loaded on demand for their description in test mode. */
  export const appRouteModules: RouteModule[]
}

declare module '#rollbook/api-routes' {
  /** Every /api route Nitro scanned that names its method (`get`, `post`, …). */
  export const apiRouteMethods: { route: string, method: string }[]
}
