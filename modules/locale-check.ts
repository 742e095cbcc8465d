import { defineNuxtModule } from 'nuxt/kit'
import { join } from 'node:path'
import { localeFolderProblems } from '../i18n/check-messages'

/**
 * The build refuses message files unfit to ship (i18n/check-messages.ts): a key missing from a language, a message
 * with markup or a script address in it, a placeholder lost in translation. Checked when the build starts, so a
 * bad translation never reaches a page; `npm run lint` and the unit test say the same sooner.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-locale-check' },
  setup(_options, nuxt) {
    const problems = localeFolderProblems(join(nuxt.options.rootDir, 'i18n/locales'))
    if (problems.length) throw new Error(`The message files under i18n/locales cannot ship:\n${problems.map(problem => `  ${problem}`).join('\n')}`)
  }
})
