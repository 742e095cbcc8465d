declare module '#rollbook/api-routes' {
  import type { ApiRouteHandler } from '../utils/api-route'

  /** Every route under server/api with its method (`all` for a file without a method suffix). */
  export const apiRouteTable: { route: string, method: string }[]
  /** The /api/v1 route modules, loaded on demand for the OpenAPI document. */
  export const v1RouteModules: { route: string, method: string, load: () => Promise<{ default: ApiRouteHandler }> }[]
}
