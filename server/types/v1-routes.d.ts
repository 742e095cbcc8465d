declare module '#rollbook/v1-routes' {
  import type { DeclaredRoute } from '../utils/route-pipeline'

  /** The /api/v1 routes Nitro scanned, with their methods, loaded on demand for the OpenAPI document. */
  export const v1RouteModules: { route: string, method: string, load: () => Promise<{ default: DeclaredRoute }> }[]
}
