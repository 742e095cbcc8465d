import { defineNuxtModule } from 'nuxt/kit'
import { join } from 'node:path'
import { localeFolderProblems } from '../i18n/check-messages'

/** The screens' words and the mail's (docs/translating.md, "Mail"): one file per language in each. */
const messageFolders = ['i18n/locales', 'i18n/mail']

/**
 * The build refuses message files unfit to ship (i18n/check-messages.ts), the screens' and the mail's alike: a key
 * missing from a language, a message with markup or a script address in it, a placeholder lost in translation.
 * Checked when the build starts, so a bad translation never reaches a page or a mail; `npm run lint` and the unit
 * test say the same sooner.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-locale-check' },
  setup(_options, nuxt) {
    for (const folder of messageFolders) {
      const problems = localeFolderProblems(join(nuxt.options.rootDir, folder))
      if (problems.length) throw new Error(`The message files under ${folder} cannot ship:\n${problems.map(problem => `  ${problem}`).join('\n')}`)
    }
  }
})
