import { defineNuxtModule } from 'nuxt/kit'

/**
 * `#rollbook/v1-routes`: the `/api/v1` routes Nitro itself scanned from `server/api`, each with a
 * loader for its module, so the OpenAPI document is made from exactly the routes that are served and
 * nothing re-implements Nitro's file routing. Read when the server is bundled, after the scan.
 * `#rollbook/api-routes`: every route and method under /api, so a wrong method is answered with the
 * methods the path has.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-v1-route-table' },
  setup(_options, nuxt) {
    nuxt.hook('nitro:init', (nitro) => {
      nitro.options.virtual['#rollbook/v1-routes'] = () => {
        const routes = nitro.scannedHandlers
          .filter(handler => !handler.middleware && handler.route?.startsWith('/api/v1/'))
          .sort((a, b) => `${a.route} ${a.method}`.localeCompare(`${b.route} ${b.method}`))
        return `export const v1RouteModules = [${routes.map(route =>
          `{ route: ${JSON.stringify(route.route)}, method: ${JSON.stringify(route.method ?? 'all')}, load: () => import(${JSON.stringify(route.handler)}) }`).join(',\n')}]`
      }
      // Every route under /api that names its method (the catch-all names none), for `Allow` on a 405.
      nitro.options.virtual['#rollbook/api-routes'] = () => {
        const routes = nitro.scannedHandlers.filter(handler => !handler.middleware && handler.method && handler.route?.startsWith('/api/'))
        return `export const apiRouteMethods = ${JSON.stringify(routes.map(({ route, method }) => ({ route, method })))}`
      }
    })
  }
})
