import { defineNuxtModule } from 'nuxt/kit'
import { messageFilesProblems } from '../i18n/check-messages'

/**
 * The build refuses message files unfit to ship (i18n/check-messages.ts), the screens', the staff screens' and the
 * mail's alike: a key missing from a language, a message with markup or a script address in it, a placeholder lost in
 * translation, a staff message outside `staff.`. Checked when the build starts, so a bad translation never reaches a
 * page or a mail; `npm run lint` and the unit test say the same sooner.
 */
export default defineNuxtModule({
  meta: { name: 'rollbook-locale-check' },
  setup(_options, nuxt) {
    const problems = messageFilesProblems(nuxt.options.rootDir)
    if (problems.length) throw new Error(`The message files under i18n/ cannot ship:\n${problems.map(problem => `  ${problem}`).join('\n')}`)
  }
})
