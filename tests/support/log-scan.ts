import { existsSync, readFileSync } from 'node:fs'
import { people } from '../../db/schema'
import { openDatabase } from '../../db/client'

export interface LogLeak {
  what: string
  line: number
  excerpt: string
}

/**
 * What the shared server's log must never hold (docs/operations.md, "Logs"): a token secret (`rbk_`),
 * a cursor the tests were given, or the name of a person in the test database. Names are read from
 * the database now, after every test file has written its people: whole names, and family names of
 * four letters or more as whole words (shorter ones match too much that is no name).
 */
export async function leaksInServerLog(logPath: string, cursorLogPath: string): Promise<LogLeak[]> {
  const log = readFileSync(logPath, 'utf8').split('\n')
  const cursors = existsSync(cursorLogPath) ? [...new Set(readFileSync(cursorLogPath, 'utf8').split('\n').filter(Boolean))] : []
  const database = openDatabase()
  let names: { familyName: string, givenNames: string }[]
  try {
    names = await database.db.selectDistinct({ familyName: people.familyName, givenNames: people.givenNames }).from(people)
  } finally {
    await database.close()
  }
  const wholeNames = new Set(names.map(name => `${name.givenNames} ${name.familyName}`))
  const familyNames = new Set(names.map(name => name.familyName).filter(name => name.length >= 4))
  const familyNamePatterns = [...familyNames].map(name => ({ name, pattern: new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u') }))
  const leaks: LogLeak[] = []
  log.forEach((text, index) => {
    const found = (what: string) => leaks.push({ what, line: index + 1, excerpt: text.slice(0, 300) })
    if (text.includes('rbk_')) found('a token secret (rbk_)')
    for (const cursor of cursors) if (text.includes(cursor)) found('a cursor the tests were given')
    for (const name of wholeNames) if (text.includes(name)) found(`a person's name (${name})`)
    for (const { name, pattern } of familyNamePatterns) if (pattern.test(text)) found(`a person's family name (${name})`)
  })
  return leaks
}
