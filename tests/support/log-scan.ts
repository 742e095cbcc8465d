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
 * the database now, after every test file has written its people: family names of four letters or
 * more as whole words, and whole names where the family name is shorter (alone it matches too much
 * that is no name).
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
  // Tens of thousands of people by the end of a run: names are looked up word by word in a set, not
  // tried one by one against every line (a pattern per name once ran the scan out of memory).
  const word = /[\p{L}\p{M}\p{N}'’-]+/gu
  const oneWord = new RegExp(`^${word.source}$`, 'u')
  const familyWords = new Set<string>()
  const otherNames = new Set<string>()
  for (const { familyName, givenNames } of names) {
    // An erased person's row keeps no name at all (docs/retention.md, "Erasure"): nothing to look for.
    if (!familyName.trim() && !givenNames.trim()) continue
    if (familyName.length >= 4 && oneWord.test(familyName)) familyWords.add(familyName)
    else otherNames.add(familyName.length >= 4 ? familyName : `${givenNames} ${familyName}`)
  }
  const leaks: LogLeak[] = []
  log.forEach((text, index) => {
    const found = (what: string) => leaks.push({ what, line: index + 1, excerpt: text.slice(0, 300) })
    if (text.includes('rbk_')) found('a token secret (rbk_)')
    for (const cursor of cursors) if (text.includes(cursor)) found('a cursor the tests were given')
    for (const [name] of text.matchAll(word)) if (familyWords.has(name)) found(`a person's family name (${name})`)
    for (const name of otherNames) if (text.includes(name)) found(`a person's name (${name})`)
  })
  return leaks
}
