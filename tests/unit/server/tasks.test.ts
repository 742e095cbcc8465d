import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const taskFiles = readdirSync(join(root, 'server/tasks'), { recursive: true, encoding: 'utf8' }).filter(name => name.endsWith('.ts')).sort()
const docs = readdirSync(join(root, 'docs')).filter(name => name.endsWith('.md')).map(name => readFileSync(join(root, 'docs', name), 'utf8'))

/** The name a task declares in its `meta`. */
function declaredName(file: string): string | undefined {
  return /meta:\s*\{\s*name:\s*'([^']+)'/.exec(readFileSync(join(root, 'server/tasks', file), 'utf8'))?.[1]
}

describe('Nitro tasks are filed as named', () => {
  it('has tasks to check', () => {
    expect(taskFiles.length).toBeGreaterThanOrEqual(4)
  })

  // server/tasks/<area>/<verb>.ts is the task <area>:<verb>, so a name in the docs or the log leads to its file.
  it.each(taskFiles)('server/tasks/%s declares the name its path says', (file) => {
    expect(declaredName(file)).toBe(file.replace(/\.ts$/, '').split(/[\\/]/).join(':'))
  })

  it('schedules only tasks that exist', async () => {
    const config = readFileSync(join(root, 'nuxt.config.ts'), 'utf8')
    const scheduled = [...(/scheduledTasks:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '').matchAll(/'([a-z]+:[a-z-]+)'/g)].map(match => match[1])
    expect(scheduled.length).toBeGreaterThan(0)
    expect(scheduled.filter(name => !taskFiles.some(file => declaredName(file) === name))).toEqual([])
  })

  it('names in the docs only task files that exist', () => {
    const named = docs.flatMap(text => [...text.matchAll(/server\/tasks\/([\w/-]+\.ts)/g)].map(match => match[1]!))
    expect(named.filter(file => !taskFiles.includes(file))).toEqual([])
  })
})
