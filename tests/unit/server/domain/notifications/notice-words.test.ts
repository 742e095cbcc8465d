import { describe, expect, it } from 'vitest'
import { applicationStepWords, feeStatementWords } from '../../../../../server/domain/notifications/notice-words'
import { portalWords } from '../../../../../server/domain/shared/portal-words'
import { languageCodes } from '../../../../../shared/languages'
import { applicationStates } from '../../../../../shared/vocabulary'

const link = 'https://rollbook.school.example/family/fees'

describe('the words of the notices Rollbook writes itself (server/domain/notifications/notice-words.ts)', () => {
  it.each(languageCodes)('writes a fee statement\'s notice in %s: the schedule and the link in the body, neither in the subject', (language) => {
    const words = feeStatementWords(language, { schedule: '2027 fees', link })
    expect(words.body).toContain('2027 fees')
    expect(words.body).toContain(link)
    expect(words.subject).not.toMatch(/2027|https?:|\{/)
    expect(words.body).not.toContain('{')
    if (language !== 'en') expect(words).not.toEqual(feeStatementWords('en', { schedule: '2027 fees', link }))
  })

  it.each(languageCodes.flatMap(language => applicationStates.map(state => [language, state] as const)))(
    'writes an application step\'s notice in %s for %s: the state in the portal\'s own words, the link in the body', (language, state) => {
      const words = applicationStepWords(language, { state, link })
      expect(words.body).toContain(portalWords(language).applications.states[state])
      expect(words.body).toContain(link)
      expect(`${words.subject}${words.body}`).not.toContain('{')
    }
  )
})
