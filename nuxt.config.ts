import { languageCookieName, shippedLanguages } from './shared/languages'

export default defineNuxtConfig({
  modules: ['@nuxt/ui', '@nuxtjs/i18n'],
  // The portal's composables, one per section, in a folder of their own (docs/portal.md, "Adding a section").
  imports: { dirs: ['composables/portal'] },
  devtools: { enabled: false },
  app: { head: { title: 'Rollbook', htmlAttrs: { lang: 'en' } } },
  css: ['~/assets/css/main.css'],
  // Offline: no font providers at build time, and icons bundled from the local lucide set, never fetched (docs/libraries.md).
  ui: { fonts: false },
  // The health `version`: when this build was made, which says nothing of the source revision.
  runtimeConfig: { buildTime: new Date().toISOString() },
  srcDir: '.',
  serverDir: 'server',
  // The build's own folder beside the sources, not under node_modules/.cache, which checkouts sharing node_modules would share.
  buildDir: '.nuxt',
  // The staff screens sit behind sign-in and hold nothing to index: rendered in the browser only.
  // Sign-in is the front door a phone meets first: rendered on the server, so it shows before its script has run (docs/performance.md).
  routeRules: {
    '/staff/**': { ssr: false },
    '/sign-in/link': { ssr: false },
    // The portal likewise, for now: rendered on the server, its form fields' ids (useId) came out different from the
    // browser's, so labels named no field until the page was rendered afresh (docs/screens.md, "The family portal").
    '/family': { ssr: false },
    '/family/**': { ssr: false },
    // Earlier addresses of the rosters and exports screens, which now live in the settings.
    '/staff/rosters': { redirect: { to: '/staff/settings/rostering', statusCode: 301 } },
    '/staff/exports': { redirect: { to: '/staff/settings/exports', statusCode: 301 } }
  },
  // No source maps for the server bundle: they took a fifth of every build (CI's and a first `npm start`'s),
  // and the server's log lines name the fault in words, never a stack to map back.
  sourcemap: { server: false, client: false },
  compatibilityDate: '2026-11-01',
  nitro: {
    experimental: { tasks: true },
    scheduledTasks: {
      '*/10 * * * *': ['platform:sweep'], '23 3 * * *': ['webhooks:prune'], '*/15 * * * *': ['exports:produce'], '47 * * * *': ['retention:sweep']
    },
    serverAssets: [{ baseName: 'migrations', dir: '../db/migrations' }],
    externals: {
      external: ['better-sqlite3'],
      // Node 20.19+ loads these three (get-intrinsic's, under twilio's HTTP client) through their `module-sync` export,
      // a file the tracer does not follow; without it the built server cannot start.
      traceInclude: ['async-function', 'async-generator-function', 'generator-function'].map(name => `node_modules/${name}/require.mjs`)
    },
    // Static files precompressed at build, sent as brotli or gzip to a browser that accepts it (docs/performance.md).
    compressPublicAssets: { brotli: true, gzip: true }
  },
  // Tests import server code from the app's TypeScript program, so it needs the virtual module's types too.
  typescript: { strict: true, tsConfig: { files: ['../server/types/route-tables.d.ts'] } },
  telemetry: false,
  hooks: {
    // Our handler answers every API-side failure in the error envelope (docs/decisions.md); Nuxt's stays behind it for pages.
    'nitro:config'(config) {
      const existing = config.errorHandler ? [config.errorHandler].flat() : []
      config.errorHandler = ['~~/server/error-handler', ...existing]
    },
    // Every page would otherwise hint the browser to fetch what the entry may import later (the staff
    // layout, its navigation and menus): a phone opening sign-in would download the staff screens.
    // Each chunk is still fetched when a screen needs it (docs/performance.md, "Sign-in on a phone").
    'build:manifest'(manifest) {
      for (const chunk of Object.values(manifest)) {
        if (chunk.isEntry) chunk.dynamicImports = []
      }
    }
  },
  // The portal and sign-in in each shipped language (shared/languages.ts, docs/translating.md). Addresses stay as they
  // are (no prefix: people bookmark them); the reader's choice is the `rollbook_language` cookie, else the browser's
  // Accept-Language, else English. Each language is one message file, fetched alone, so a page carries only its own.
  i18n: {
    strategy: 'no_prefix',
    defaultLocale: 'en',
    langDir: 'locales',
    locales: shippedLanguages.map(language => ({ code: language.code, language: language.code, dir: language.dir, file: `${language.code}.json` })),
    detectBrowserLanguage: { useCookie: true, cookieKey: languageCookieName, fallbackLocale: 'en', redirectOn: 'all' },
    vueI18n: './i18n.config.ts'
  },
  icon: { serverBundle: { collections: ['lucide'] }, clientBundle: { scan: true }, fallbackToApi: false }
})
