import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const serverApiDir = join(import.meta.dirname, 'server/api')

/** Every file under server/api as Nitro routes it: `[id]` → `:id`, `[...x]` → `**`, `index` dropped, `.get` → method. */
function scanApiRoutes() {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.ts')) files.push(path)
    }
  }
  walk(serverApiDir)
  return files.sort().map((file) => {
    const parts = relative(serverApiDir, file).replace(/\.ts$/, '').split('/')
    const last = parts.pop()!
    const methodMatch = last.match(/\.(get|post|put|patch|delete)$/)
    const base = methodMatch ? last.slice(0, -methodMatch[0].length) : last
    if (base !== 'index') parts.push(base)
    const route = '/api/' + parts
      .map(p => p.startsWith('[...') ? '**' : p.replace(/^\[(.+)\]$/, ':$1'))
      .join('/')
    return { file, route: route.replace(/\/$/, ''), method: methodMatch?.[1] ?? 'all' }
  })
}

function apiRoutesModule() {
  const routes = scanApiRoutes()
  const v1 = routes.filter(r => r.route.startsWith('/api/v1/'))
  return [
    `export const apiRouteTable = ${JSON.stringify(routes.map(({ route, method }) => ({ route, method })))}`,
    `export const v1RouteModules = [${v1.map(r => `{ route: ${JSON.stringify(r.route)}, method: ${JSON.stringify(r.method)}, load: () => import(${JSON.stringify(r.file)}) }`).join(',\n')}]`
  ].join('\n')
}

export default defineNuxtConfig({
  devtools: { enabled: false },
  app: { head: { title: 'Rollbook' } },
  // The health `version`: when this build was made, which says nothing of the source revision.
  runtimeConfig: { buildTime: new Date().toISOString() },
  srcDir: '.',
  serverDir: 'server',
  compatibilityDate: '2026-11-01',
  nitro: {
    experimental: { tasks: true },
    scheduledTasks: { '*/10 * * * *': ['platform:sweep'] },
    virtual: { '#rollbook/api-routes': apiRoutesModule },
    serverAssets: [{ baseName: 'migrations', dir: '../db/migrations' }],
    externals: { external: ['better-sqlite3'] }
  },
  // Tests import server code from the app's TypeScript program, so it needs the virtual module's types too.
  typescript: { strict: true, tsConfig: { files: ['../server/types/api-routes.d.ts'] } },
  telemetry: false,
  hooks: {
    // Our handler answers every API-side failure in the contract's envelope; Nuxt's stays behind it for pages.
    'nitro:config'(config) {
      const existing = config.errorHandler ? [config.errorHandler].flat() : []
      config.errorHandler = ['~~/server/error-handler', ...existing]
    }
  }
})
