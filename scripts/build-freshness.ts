/**
 * Whether `.output` was built from the sources as they are, and building it when not: `npm start` and
 * `npm run screenshots` serve the build, and a build older than an edit would show what was there before.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './built-server'

export const builtServer = join(projectRoot, '.output/server/index.mjs')

// Everything the build reads: the app's folders (the server, the screens, their words) and the files at the top that configure it.
const sourceFolders = ['server', 'pages', 'components', 'composables', 'layouts', 'middleware', 'plugins', 'shared', 'i18n', 'assets', 'modules', 'utils',
  'db', 'public']
const sourceFiles = ['nuxt.config.ts', 'app.vue', 'error.vue', 'app.config.ts']

function newestSourceChange(): number {
  let newest = 0
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const stat = statSync(path)
      if (stat.isDirectory()) walk(path)
      else newest = Math.max(newest, stat.mtimeMs)
    }
  }
  sourceFolders.forEach(folder => walk(join(projectRoot, folder)))
  for (const file of sourceFiles.map(name => join(projectRoot, name)).filter(path => existsSync(path))) newest = Math.max(newest, statSync(file).mtimeMs)
  return newest
}

/** True when there is no build, or a source changed after it was made. */
export function buildIsStale(): boolean {
  return !existsSync(builtServer) || statSync(builtServer).mtimeMs < newestSourceChange()
}

/** `nuxt build`, its output on this terminal. */
export function buildApp(): void {
  execFileSync(join(projectRoot, 'node_modules/.bin/nuxt'), ['build'], { cwd: projectRoot, stdio: 'inherit' })
}
