import { defineNuxtModule } from 'nuxt/kit'

/** The routes Nitro scanned under `prefix`, in a stable order, each with a loader for its module. */
function routeModules(handlers: { route?: string, method?: string, middleware?: boolean, handler: string }[], prefix: string, name: string) {
  const routes = handlers
    .filter(handler => !handler.middleware && handler.route?.startsWith(prefix))
    .sort((a, b) => `${a.route} ${a.method}`.localeCompare(`${b.route} ${b.method}`))
  const entry = (route: (typeof routes)[number]) =>
    `{ route: ${JSON.stringify(route.route)}, method: ${JSON.stringify(route.method ?? 'all')}, load: () => import(${JSON.stringify(route.handler)}) }`
  return `export const ${name} = [${routes.map(entry).join(',\n')}]`
}

/**
 * Nitro's own route table, as virtual modules read when the server is bundled, after the scan, so
 * nothing re-implements Nitro's file routing:
 * `#rollbook/v1-routes`: the `/api/v1` routes, each with a loader for its module, so the OpenAPI
 * document is made from exactly the routes that are served.
 * `#rollbook/app-routes`: the `/api/app` routes likewise, for their description in test mode (the fuzz).
 * `#rollbook/api-routes`: every route and method under /api, so a wrong method is answered with the
 * methods the path has.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-route-tables' },
  setup(_options, nuxt) {
    nuxt.hook('nitro:init', (nitro) => {
      nitro.options.virtual['#rollbook/v1-routes'] = () => routeModules(nitro.scannedHandlers, '/api/v1/', 'v1RouteModules')
      nitro.options.virtual['#rollbook/app-routes'] = () => routeModules(nitro.scannedHandlers, '/api/app/', 'appRouteModules')
      // Every route under /api that names its method (the catch-all names none), for `Allow` on a 405.
      nitro.options.virtual['#rollbook/api-routes'] = () => {
        const routes = nitro.scannedHandlers.filter(handler => !handler.middleware && handler.method && handler.route?.startsWith('/api/'))
        return `export const apiRouteMethods = ${JSON.stringify(routes.map(({ route, method }) => ({ route, method })))}`
      }
    })
  }
})
