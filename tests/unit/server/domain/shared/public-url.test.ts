import { afterEach, describe, expect, it } from 'vitest'
import { listeningPort, publicUrl } from '../../../../../server/domain/shared/public-url'

const names = ['PUBLIC_URL', 'NUXT_PUBLIC_URL', 'PORT', 'NITRO_PORT'] as const
const saved = Object.fromEntries(names.map(name => [name, process.env[name]]))

describe('the public address', () => {
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) Reflect.deleteProperty(process.env, name)
      else process.env[name] = saved[name]
    }
  })

  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '4123' }, 'http://localhost:4123'],
    [{ PORT: '4123', NITRO_PORT: '5000' }, 'http://localhost:5000'],
    [{ PORT: '4123', NUXT_PUBLIC_URL: 'https://school.example/' }, 'https://school.example'],
    [{ PUBLIC_URL: 'https://rollbook.example//', NUXT_PUBLIC_URL: 'https://school.example' }, 'https://rollbook.example']
  ] as [Partial<Record<typeof names[number], string>>, string][])('with %o is %s', (env, expected) => {
    for (const name of names) Reflect.deleteProperty(process.env, name)
    Object.assign(process.env, env)
    expect(publicUrl()).toBe(expected)
  })

  it('names the port Nitro listens on: NITRO_PORT before PORT', () => {
    expect(listeningPort({ PORT: '4123' })).toBe('4123')
    expect(listeningPort({ PORT: '4123', NITRO_PORT: '5000' })).toBe('5000')
    expect(listeningPort({})).toBe('3000')
  })
})
