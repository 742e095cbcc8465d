import { createConfigForNuxt } from '@nuxt/eslint-config/flat'
import vueI18n from '@intlify/eslint-plugin-vue-i18n'

/** One string, template (\x60 is its backtick) or attribute value, alone on its line but for a key or an operator before it. */
const oneLiteral = String.raw`(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60)`
const lineOfOneLiteral = String.raw`^\s*(?:(?:[\w$]+|'[^']*'):\s|[\w.-]+=|[?:+]\s|return\s|\.[\w$]+\()?[[(]?${oneLiteral}[\s\])},;]*(?:\/?>)?$`

// The rules below that name no files are for code; the message files (JSON) have their own.
const code = ['**/*.{js,mjs,cjs,ts,mts,cts,vue}']

// The standalone @nuxt/eslint-config rather than the @nuxt/eslint module: linting needs none of the
// module's devtools and newer @nuxt/kit, and this file works without a `nuxt prepare`.
export default createConfigForNuxt({
  features: {
    // Nuxt's stylistic defaults, except where the code is written otherwise: `} else {`, no trailing commas.
    stylistic: { indent: 2, quotes: 'single', semi: false, braceStyle: '1tbs', commaDangle: 'never' }
  },
  dirs: { servers: ['./server'] }
})
  // The client's types are generated (npm run client:generate) and checked against the document, not restyled.
  .prepend({ ignores: ['.output', '.nuxt', '.data', 'node_modules', 'db/migrations', 'coverage', '.bench', 'clients/typescript/src/schema.d.ts'] })
  .append({
    files: code,
    rules: {
      // API answers and OpenAPI documents are untyped JSON; tests and the reference page read them as `any`.
      '@typescript-eslint/no-explicit-any': 'off',
      // `catch {}` is how a best-effort step (a probe, a cleanup) says its failure does not matter.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Union types start on the line after `=`: `type Actor =\n  | { … }\n  | { … }`.
      '@stylistic/operator-linebreak': ['error', 'before', { overrides: { '=': 'after' } }],
      // Both ways are deliberate: CLI flag tables quote every key alike, OpenAPI objects only their `x-` keys.
      '@stylistic/quote-props': 'off',
      // Templates keep short elements and their attributes on one line (`<dt>Scope</dt><dd>…</dd>`).
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off'
    }
  })
  .append({
    // Text is ordered one way in the domain: code unit by code unit (compareText, compareByName in people/name-key.ts),
    // as the database's binary collation orders its indexes. `localeCompare` ignores some characters and case, so a
    // list sorted with it disagrees with the directory ("Smithe, Adam" before "Smith, Zoe").
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'CallExpression[callee.property.name="localeCompare"]',
        message: 'Order text with compareText (server/domain/shared/compare-text.ts) or people with compareByName (people/name-key.ts), as the database does.'
      }]
    }
  })
  .append({
    // Lines stay short enough to read without scrolling: code is broken over lines, comments say less.
    // A line of one long string (an OpenAPI description, a message) or a URL is left whole.
    files: code,
    rules: {
      '@stylistic/max-len': ['error', { code: 160, tabWidth: 2, ignoreUrls: true, ignorePattern: lineOfOneLiteral }]
    }
  })
  // The screens translated so far (docs/translating.md lists them; the list grows as pages are converted): no word
  // written in the template, and every key they name present in the message files. The staff screens' words are in
  // files of their own (i18n/staff/, under `staff.`), read here beside the portal's.
  .append(...vueI18n.configs['flat/base'])
  .append({
    settings: { 'vue-i18n': { localeDir: ['./i18n/locales/*.json', './i18n/staff/*.json'], messageSyntaxVersion: '^11.0.0' } }
  })
  .append({
    files: [
      'app.vue', 'error.vue', 'layouts/portal.vue', 'pages/sign-in/**/*.vue', 'pages/family/**/*.vue', 'components/language/**/*.vue',
      'components/portal/**/*.vue', 'components/detail/DetailChanges.vue', 'components/passkeys/PasskeysSettings.vue',
      'components/screen/ScreenPager.vue', 'components/screen/ScreenProblem.vue', 'components/screen/ScreenFormCard.vue', 'components/screen/ScreenEmpty.vue',
      'components/screen/ScreenTable.vue', 'components/screen/ScreenSearch.vue',
      // The staff screens converted so far (docs/translating.md, "The staff screens").
      'layouts/staff.vue', 'components/staff/**/*.vue', 'pages/staff/index.vue', 'pages/staff/people/**/*.vue', 'components/people/**/*.vue',
      'components/person/**/*.vue', 'components/screen/ScreenPersonPicker.vue', 'pages/staff/tours.vue', 'components/tours/**/*.vue',
      'pages/staff/admissions/**/*.vue', 'components/admissions/**/*.vue', 'components/fees/FeesStatementPeriods.vue',
      'pages/staff/account/passkeys.vue', 'pages/staff/settings.vue', 'pages/staff/settings/index.vue', 'pages/staff/starters.vue',
      'components/starters/**/*.vue', 'pages/staff/families/**/*.vue',
      // Classes, clubs, consents and messages (issue 37).
      'pages/staff/classes.vue', 'components/classes/**/*.vue', 'components/clubs/**/*.vue', 'pages/staff/consents.vue', 'components/consents/**/*.vue',
      'pages/staff/messages.vue', 'components/messages/**/*.vue',
      // Fees, activity, exports, rostering, the HRIS import and the people sync (with the shared progress bar).
      'pages/staff/fees.vue', 'components/fees/**/*.vue', 'pages/staff/settings/activity.vue', 'components/activity/**/*.vue',
      'pages/staff/settings/exports.vue', 'components/exports/**/*.vue', 'pages/staff/settings/rostering.vue', 'components/rosters/**/*.vue',
      'pages/staff/settings/hris.vue', 'components/hris/**/*.vue', 'pages/staff/settings/sync/**/*.vue', 'components/sync/**/*.vue',
      'components/screen/ScreenProgress.vue',
      // The settings' own pages: school, modules, portal, roles, staff, tokens, webhooks, and the secret shown once.
      'pages/staff/settings/{school,modules,portal,roles,staff,tokens,webhooks}.vue', 'components/school/**/*.vue', 'components/tokens/**/*.vue',
      'components/webhooks/**/*.vue', 'components/screen/ScreenSecretOnce.vue',
      // The front page and the API reference's own words (the document it shows is English, marked so).
      'pages/index.vue', 'pages/reference.vue', 'components/reference/**/*.vue'
    ],
    rules: {
      '@intlify/vue-i18n/no-raw-text': ['error', { ignorePattern: '^[-—→·:;,.()\\s]*$' }],
      '@intlify/vue-i18n/no-missing-keys': 'error'
    }
  })
  .append({
    // Every key some screen uses. The portal's and the staff screens' places name theirs in shared/portal-navigation.ts
    // and shared/staff-navigation.ts, which tests/unit/shared/*-navigation.test.ts hold to the English files instead.
    files: ['i18n/locales/*.json', 'i18n/staff/*.json'],
    rules: {
      // Only the screens' own files are read for keys: the whole tree (server, tests) took minutes.
      '@intlify/vue-i18n/no-unused-keys': ['error', {
        src: '{app.vue,error.vue,pages/**/*.vue,components/**/*.vue,layouts/**/*.vue,composables/**/*.ts}', extensions: ['.vue', '.ts'],
        ignores: ['/^portal\\.(?:nav|home\\.cards)\\./', '/^staff\\.nav\\.(?!settings$|reference$)/']
      }]
    }
  })
