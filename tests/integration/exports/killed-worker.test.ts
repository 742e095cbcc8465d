import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { exportFiles } from '../../../db/schema'
import { produceDueExports } from '../../../server/domain/exports/nightly'
import { localFolderStorage } from '../../../server/domain/exports/storage/local-folder-storage'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { projectRoot } from '../../support/server-process'
import { exportTables } from '../../../server/domain/exports/tables'
import { spawnForTest } from '../../support/spawn-for-test'

describe('a worker killed mid-production', () => {
  it('lists no partial file, and the next run once its lease ends produces the night whole', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, Array.from({ length: 40 }, (_, i) => ({ familyName: `Person${i}`, givenNames: 'Test' })))
    const folder = mkdtempSync(join(tmpdir(), 'rollbook-exports-killed-'))
    const now = new Date('2026-11-23T16:00:00.000Z')
    const child = spawnForTest(process.execPath, ['--import', 'tsx', resolve(projectRoot, 'tests/support/export-worker.ts'), school.id, now.toISOString()], {
      cwd: projectRoot, env: { ...process.env, EXPORTS_DIR: folder }, stdio: ['ignore', 'pipe', 'inherit']
    })
    let said = ''
    await new Promise<void>((done, fail) => {
      child.stdout!.on('data', (chunk) => {
        said += chunk
        if (said.includes('mid-file')) done()
      })
      child.once('exit', code => fail(new Error(`The worker ended early (${code})`)))
    })
    // The worker says so after writing its first rows, but the file's opening is asynchronous: on a loaded machine the
    // word can come before the file shows in the scratch folder. Killed once it is there, so there is a partial file.
    const storage = localFolderStorage(folder)
    const scratchFiles = () => existsSync(storage.scratch) ? readdirSync(storage.scratch) : []
    for (let waited = 0; !scratchFiles().length && waited < 30_000; waited += 50) await new Promise(done => setTimeout(done, 50))
    child.kill('SIGKILL')
    await once(child, 'exit')

    const partial = readdirSync(storage.scratch)
    expect(partial).toHaveLength(1)
    // As if it had lain there longer than a lease.
    const longAgo = new Date(Date.now() - 11 * 60_000)
    utimesSync(join(storage.scratch, partial[0]!), longAgo, longAgo)
    expect(await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id))).toEqual([])

    const next = await produceDueExports(school.database, { storage, owner: 'next-worker', schoolIds: [school.id], now: new Date(now.getTime() + 11 * 60_000) })
    expect(next.produced).toMatchObject([{ schoolId: school.id, night: '2026-11-24', files: exportTables.length }])
    const files = await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id))
    expect(files.find(file => file.tableKey === 'people')).toMatchObject({ rows: 40 })
    // The dead worker's scratch is cleared by the next run once no live worker can be writing it.
    expect(readdirSync(storage.scratch)).toEqual([])
  })
})
