import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, gt } from 'drizzle-orm'
import { changeEvents, people, personSourceIds } from '../../../db/schema'
import { setPreferredLanguage } from '../../../server/domain/people/preferred-language'
import { insertPerson } from '../../../server/domain/people/person-record'
import { findPerson } from '../../../server/domain/people/get-person'
import { readSchoolSettings, updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import type { DomainContext } from '../../../server/domain/shared/context'
import { confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { revertSyncRun } from '../../../server/domain/imports/revert-sync'
import { newSchool } from '../../support/schools'
import { settleRun } from '../../support/sync-files'

type School = Awaited<ReturnType<typeof newSchool>>

/** The context with the school as it now is: settings change what the domain offers. */
const fresh = async (school: School): Promise<DomainContext> => ({ ...school.context, school: await requireSchool(school.database, school.id) })
const addPerson = (school: School, familyName: string, givenNames: string) =>
  writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName, givenNames }))
const fieldsOf = (error: unknown) => (error as { extras: { fields: { path: string }[] } }).extras.fields.map(field => field.path)

describe('each adult\'s preferred language', () => {
  let school: School
  let adult: string

  beforeAll(async () => {
    school = await newSchool()
    adult = await addPerson(school, 'Haddad', 'Layla')
  })

  it('offers English alone until the school chooses, and keeps the shipped order with English always in it', async () => {
    expect((await readSchoolSettings(await fresh(school))).languages).toEqual(['en'])
    await expect(setPreferredLanguage(await fresh(school), adult, 'es')).rejects.toMatchObject({ code: 'validation_failed' })
    const answer = await updateSchoolSettings(await fresh(school), { languages: ['zh-hans', 'ar', 'es'] })
    expect(answer.lists.languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
    expect((await readSchoolSettings(await fresh(school))).languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
    await updateSchoolSettings(await fresh(school), { languages: ['es', 'zh-Hans'] })
    expect((await readSchoolSettings(await fresh(school))).languages).toEqual(['en', 'es', 'zh-Hans'])
  })

  it('refuses a language Rollbook does not ship in the settings, naming the field', async () => {
    const error = await updateSchoolSettings(await fresh(school), { languages: ['fr'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'unprocessable' })
    expect(fieldsOf(error)).toEqual(['languages'])
  })

  it('records a tag the school offers, in the shipped case, once, with its event', async () => {
    const before = await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))
    const last = Math.max(0, ...before.map(event => event.sequence))
    expect(await setPreferredLanguage(await fresh(school), adult, 'ZH-hans')).toEqual({ changed: true, preferredLanguage: 'zh-Hans' })
    expect((await findPerson(await fresh(school), adult))?.preferredLanguage).toBe('zh-Hans')
    expect(await setPreferredLanguage(await fresh(school), adult, 'zh-Hans')).toEqual({ changed: false, preferredLanguage: 'zh-Hans' })
    const events = await school.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), gt(changeEvents.sequence, last))).orderBy(asc(changeEvents.sequence))
    expect(events.map(event => [event.kind, event.recordId])).toEqual([['person.updated', adult]])
  })

  it('refuses an unknown tag, one the school does not offer, a control character and an over-long tag as validation_failed on preferredLanguage', async () => {
    for (const tag of ['fr', 'ar', 'es-MX', 'es\u0007', `es-${'a'.repeat(40)}`, '', 'x'.repeat(10_000)]) {
      const error = await setPreferredLanguage(await fresh(school), adult, tag).catch((e: unknown) => e)
      expect(error, JSON.stringify(tag.slice(0, 20))).toMatchObject({ code: 'validation_failed' })
      expect(fieldsOf(error)).toEqual(['preferredLanguage'])
    }
    // An invisible or direction-changing character is text that is not what it looks like: bad_request, as for a name.
    const hidden = await setPreferredLanguage(await fresh(school), adult, 'es\u202e').catch((e: unknown) => e)
    expect(hidden).toMatchObject({ code: 'bad_request' })
    expect(fieldsOf(hidden)).toEqual(['preferredLanguage'])
    expect((await findPerson(await fresh(school), adult))?.preferredLanguage).toBe('zh-Hans')
  })

  it('never reaches another school\'s person', async () => {
    const other = await newSchool()
    const theirs = await addPerson(other, 'Elsewhere', 'Sam')
    await expect(setPreferredLanguage(await fresh(school), theirs, 'es')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('keeps a language an adult prefers offered: dropping it is a conflict that counts them, naming nobody', async () => {
    const second = await addPerson(school, 'Chen', 'Wei')
    await setPreferredLanguage(await fresh(school), second, 'zh-Hans')
    const error = await updateSchoolSettings(await fresh(school), { languages: ['es'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'conflict' })
    expect(fieldsOf(error)).toEqual(['languages'])
    const words = (error as Error).message
    expect(words).toContain('2 people prefer')
    expect(words).not.toMatch(/Haddad|Layla|Chen|Wei/)
    expect((await readSchoolSettings(await fresh(school))).languages).toEqual(['en', 'es', 'zh-Hans'])

    await setPreferredLanguage(await fresh(school), adult, null)
    await setPreferredLanguage(await fresh(school), second, 'es')
    await updateSchoolSettings(await fresh(school), { languages: ['es'] })
    expect((await readSchoolSettings(await fresh(school))).languages).toEqual(['en', 'es'])
  })
})

describe('the SIS people sync\'s preferred language', () => {
  const header = 'id,familyName,givenNames,dateOfBirth,preferredLanguage'
  const personOf = async (school: School, sourceId: string) => {
    const [row] = await school.database.db.select({ person: people }).from(people)
      .innerJoin(personSourceIds, eq(personSourceIds.personId, people.id))
      .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.sourceId, sourceId)))
    return row!.person
  }

  it('carries a row\'s language, keeps the person\'s own when a row gives none, and makes a refused one a row problem, not a failed run', async () => {
    const school = await newSchool()
    await updateSchoolSettings(await fresh(school), { languages: ['es', 'ar'] })
    const first = await stageSync(await fresh(school), {
      system: 'sis', scope: 'full',
      file: [header, 'S1,Haddad,Layla,2015-01-01,AR', 'S2,Lopez,Ana,2015-02-02,', 'S3,Chen,Wei,2015-03-03,zh-Hans', 'S4,Roux,Jean,2015-04-04,fr'].join('\n')
    })
    expect(first.unreadable).toEqual([])
    expect(first.problems).toEqual([
      { row: 4, column: 'preferredLanguage', reason: expect.stringContaining('does not offer zh-Hans') },
      { row: 5, column: 'preferredLanguage', reason: expect.stringContaining('Rollbook speaks') }
    ])
    await confirmSyncRun(await fresh(school), (await settleRun(school.database, first.run.id)).id)
    expect((await settleRun(school.database, first.run.id)).status).toBe('applied')
    expect((await Promise.all(['S1', 'S2', 'S3', 'S4'].map(id => personOf(school, id)))).map(person => person.preferredLanguage))
      .toEqual(['ar', null, null, null])

    // A later file: a language changed, one left out (kept), one given.
    const second = await stageSync(await fresh(school), {
      system: 'sis', scope: 'changes',
      file: [header, 'S1,Haddad,Layla,2015-01-01,', 'S2,Lopez,Ana,2015-02-02,es'].join('\n')
    })
    const run = await settleRun(school.database, second.run.id)
    if (run.status === 'paused') await confirmSyncRun(await fresh(school), run.id)
    expect((await settleRun(school.database, second.run.id)).status).toBe('applied')
    expect((await personOf(school, 'S1')).preferredLanguage).toBe('ar')
    expect((await personOf(school, 'S2')).preferredLanguage).toBe('es')

    // Undoing the run restores what it replaced.
    await revertSyncRun(await fresh(school), second.run.id)
    expect((await personOf(school, 'S2')).preferredLanguage).toBeNull()
  })
})
