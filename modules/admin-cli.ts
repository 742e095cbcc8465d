import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { defineNuxtModule } from 'nuxt/kit'

/** Packages the CLI takes from the server's traced node_modules instead of bundling: native code cannot be bundled. */
const fromServer = ['better-sqlite3']

/**
 * Node resolves a bare import from the importing file's folder upwards, and `.output/cli/` has no
 * node_modules on that path; the server's copy is at `.output/server/node_modules`. Each such import
 * becomes a `require` made relative to the server's entry, so the bundle finds it wherever `.output`
 * is copied to.
 */
const requireFromServer: Plugin = {
  name: 'require-from-server',
  setup(esbuild) {
    const filter = new RegExp(`^(${fromServer.join('|')})$`)
    esbuild.onResolve({ filter }, args => ({ path: args.path, namespace: 'server-package' }))
    esbuild.onLoad({ filter: /.*/, namespace: 'server-package' }, args => ({
      contents: `import { createRequire } from 'node:module'
export default createRequire(new URL('../server/index.mjs', import.meta.url))(${JSON.stringify(args.path)})`,
      loader: 'js'
    }))
  }
}

/**
 * `.output/cli/admin.mjs`: the admin CLI bundled with esbuild when the server is built, so an image
 * without the source tree runs `node .output/cli/admin.mjs …` with the same commands as
 * `npm run admin`. Its migrations are copied beside it (`.output/cli/migrations`), where
 * db/migrate.ts looks for them relative to itself.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-admin-cli' },
  setup(_options, nuxt) {
    if (nuxt.options.dev) return
    nuxt.hook('nitro:init', (nitro) => {
      nitro.hooks.hook('compiled', async () => {
        const out = join(nitro.options.output.dir, 'cli')
        await build({
          entryPoints: [join(nuxt.options.rootDir, 'cli/admin.ts')],
          outfile: join(out, 'admin.mjs'),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          // Bundled CommonJS calls `require`, which an ES module lacks.
          banner: { js: 'import { createRequire as rollbookRequire } from \'node:module\'; const require = rollbookRequire(import.meta.url);' },
          plugins: [requireFromServer],
          logLevel: 'warning'
        })
        await cp(join(nuxt.options.rootDir, 'db/migrations'), join(out, 'migrations'), { recursive: true })
      })
    })
  }
})
