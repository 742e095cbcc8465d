declare module '#rollbook/v1-routes' {
  import type { DeclaredRoute } from '../utils/route-pipeline'

  /** The /api/v1 routes Nitro scanned, with their methods, loaded on demand for the OpenAPI document. */
  export const v1RouteModules: { route: string, method: string, load: () => Promise<{ default: DeclaredRoute }> }[]
}

declare module '#rollbook/api-routes' {
  /** Every /api route Nitro scanned that names its method (`get`, `post`, …). */
  export const apiRouteMethods: { route: string, method: string }[]
}
