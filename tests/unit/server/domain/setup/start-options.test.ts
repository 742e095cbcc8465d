import { describe, expect, it } from 'vitest'
import { readStartOptions } from '../../../../../server/domain/setup/start-options'

const cwd = '/srv/rollbook'

describe('npm start makes a demo school', () => {
  it.each([
    ['on the embedded SQLite default', [], {}, true],
    ['on the default file named in DATABASE_URL', [], { DATABASE_URL: 'file:.data/rollbook.db' }, true],
    ['on the default file named by its full path', [], { DATABASE_URL: 'file:/srv/rollbook/.data/rollbook.db' }, true],
    ['on the image\'s file on its /data volume', [], { DATABASE_URL: 'file:/data/rollbook.db' }, true],
    ['not on PostgreSQL', [], { DATABASE_URL: 'postgres://app@db/school' }, false],
    ['not on another SQLite file', [], { DATABASE_URL: 'file:/var/lib/school.db' }, false],
    ['on PostgreSQL with --demo', ['--demo'], { DATABASE_URL: 'postgres://app@db/school' }, true],
    ['on PostgreSQL with ROLLBOOK_DEMO=on', [], { DATABASE_URL: 'postgres://app@db/school', ROLLBOOK_DEMO: 'on' }, true],
    ['never with ROLLBOOK_DEMO=off', [], { ROLLBOOK_DEMO: 'off' }, false],
    ['never with ROLLBOOK_DEMO=off, even with --demo', ['--demo'], { ROLLBOOK_DEMO: 'off' }, false]
  ] as const)('%s', (_, argv, env, demo) => {
    expect(readStartOptions([...argv], env, cwd).demo).toBe(demo)
  })

  it('refuses a ROLLBOOK_DEMO other than on or off, and unknown options, in one sentence', () => {
    expect(() => readStartOptions([], { ROLLBOOK_DEMO: 'yes' }, cwd)).toThrow('ROLLBOOK_DEMO is on or off; not yes.')
    expect(() => readStartOptions(['--demos'], {}, cwd)).toThrow('npm start takes --demo and --no-build; not --demos.')
  })

  it('builds unless told --no-build', () => {
    expect(readStartOptions([], {}, cwd).build).toBe(true)
    expect(readStartOptions(['--no-build'], {}, cwd).build).toBe(false)
  })
})
