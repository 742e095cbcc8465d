import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { readMigrations } from '../../../db/migrate'

const migrationsRoot = resolve(import.meta.dirname, '../../../db/migrations')

describe('migrations read from memory', () => {
  it.each(['sqlite', 'postgresql'])('are, for %s, exactly what drizzle reads from the folder', async (dialect) => {
    const folder = join(migrationsRoot, dialect)
    const fromFiles = new Map<string, string>()
    const inMemory = await readMigrations((path) => {
      const text = readFileSync(join(folder, path), 'utf8')
      fromFiles.set(path, text)
      return text
    })
    expect(inMemory).toEqual(readMigrationFiles({ migrationsFolder: folder }))
    expect(inMemory.length).toBeGreaterThan(0)
    expect([...fromFiles.keys()]).toContain('meta/_journal.json')
  })
})
