import { describe, expect, it } from 'vitest'
import { chromiumCandidates, findChromium, type ChromiumCandidate } from '../../../support/find-chromium'

describe('the Chromium the browser tests use', () => {
  it.each([
    [{}, ['/usr/bin/chromium', '@sparticuz/chromium']],
    [{ CHROMIUM_PATH: '/opt/chrome' }, ['CHROMIUM_PATH=/opt/chrome', '/usr/bin/chromium', '@sparticuz/chromium']],
    [{ CHROMIUM_PATH: '/nonexistent', ROLLBOOK_TEST_NO_SYSTEM_CHROMIUM: '1' }, ['CHROMIUM_PATH=/nonexistent', '@sparticuz/chromium']],
    [{ ROLLBOOK_TEST_NO_SYSTEM_CHROMIUM: '1', ROLLBOOK_TEST_NO_REGISTRY_CHROMIUM: '1' }, []]
  ])('with %j is looked for in %j, in that order', (env, names) => {
    expect(chromiumCandidates(env).map(candidate => candidate.name)).toEqual(names)
  })

  const candidate = (name: string): ChromiumCandidate => ({ name, executablePath: async () => `/bin/${name}` })
  const startsOnly = (...working: string[]) => async (path: string) => {
    if (!working.includes(path)) throw new Error(`${path}: cannot start\nlog lines`)
  }

  it('is the first that starts, after saying why the ones before it did not', async () => {
    const choice = await findChromium([candidate('env'), candidate('system'), candidate('registry')], startsOnly('/bin/system', '/bin/registry'))
    expect(choice).toEqual({ executablePath: '/bin/system', failures: [{ name: 'env', reason: '/bin/env: cannot start' }] })
  })

  it('is none when nothing starts, so the browser tests are skipped with every reason', async () => {
    const broken: ChromiumCandidate = { name: 'registry', executablePath: () => Promise.reject(new Error('no libnss3')) }
    const choice = await findChromium([candidate('env'), broken], startsOnly())
    expect(choice.executablePath).toBeNull()
    expect(choice.failures.map(failure => failure.reason)).toEqual(['/bin/env: cannot start', 'no libnss3'])
  })
})
