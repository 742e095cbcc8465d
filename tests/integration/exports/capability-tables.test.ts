import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { applicationEvents, applications, exportFiles } from '../../../db/schema'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { importStaff } from '../../../server/domain/imports/import-staff'
import { saveHrisMapping } from '../../../server/domain/imports/hris-mappings'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../support/sync-files'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()

/** The header each capability's table is written with, restricted columns left out. */
const headers: Record<string, string> = {
  tours: 'id,title,startsAt,venue,capacity,booked,campusId,audience,cancelledAt,createdAt,updatedAt',
  bookings: 'id,tourId,enquiryId,receivedAt',
  applications: 'id,studentId,origin,state,yearLevel,entryYear,campusId,loadBasisPoints,startsOn,affiliationId,receivedAt,offeredAt,offeredBy,answeredAt,answeredBy,updatedAt',
  sync_runs: 'id,system,scope,status,reason,confirmed,runDay,rows,done,created,amended,absent,unchanged,createdAt,appliedAt,revertedAt',
  staff_checks: 'id,personId,type,number,expiresOn,recordedAt',
  classes: 'id,courseId,code,title,kind,room,periods,createdAt,updatedAt',
  class_members: 'id,classId,personId,validFrom,validTo,createdAt',
  teaching_assignments: 'id,classId,personId,role,validFrom,validTo,createdAt'
}

const hrisMapping = {
  name: 'Payroll export',
  columns: {
    employeeId: 'Emp No', familyName: 'Surname', givenNames: 'First Names', startDate: 'Start', checkType: 'Check', checkNumber: 'Check No',
    checkExpiry: 'Check Expiry'
  },
  dateFormat: 'DD/MM/YYYY' as const
}

describe('warehouse export of admissions, imports and rosters', () => {
  let school: Awaited<ReturnType<typeof newSchool>>

  beforeAll(async () => {
    school = await newSchool()
    await seedDemoSchool(school.context, { students: 30 })
    const { id: mappingId } = await saveHrisMapping(school.context, hrisMapping)
    await importStaff(school.context, {
      mappingId,
      csv: 'Emp No,Surname,First Names,Start,Check,Check No,Check Expiry\r\nE1,Checked,Staff,27/01/2020,WWCC,WWC0001234,31/12/2030\r\n'
    })
    const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(syncPeople(3)) })
    await settleRun(school.database, staged.run.id)
  }, 120_000)

  it('writes each table with its header and the school\'s rows, enrolments among the applications', async () => {
    const produced = await produceSchoolExports(school.context, { storage })
    const files = new Map(produced.map(file => [file.tableKey, file]))
    for (const [key, header] of Object.entries(headers)) {
      const file = files.get(key)
      expect(file, key).toBeDefined()
      expect(file!.rows, key).toBeGreaterThan(0)
      const { text } = await storedFile(storage, file!.storageKey)
      expect(text.split('\r\n')[0], key).toBe(header)
      expect(text.split('\r\n').length - 2, key).toBe(file!.rows)
    }
    const applicationsText = (await storedFile(storage, files.get('applications')!.storageKey)).text
    const origins = new Set(applicationsText.split('\r\n').slice(1, -1).map(line => line.split(',')[2]))
    expect(origins).toContain('enrolment')
    expect((await storedFile(storage, files.get('staff_checks')!.storageKey)).text).toContain('WWC0001234')
    expect((await storedFile(storage, files.get('sync_runs')!.storageKey)).text).not.toContain('Family1')
  })

  it('never writes a withdrawal\'s reason', async () => {
    const reasons = await school.database.db.select({ reason: applicationEvents.reason }).from(applicationEvents)
      .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
      .where(and(eq(applications.schoolId, school.id), eq(applicationEvents.kind, 'withdrawn')))
    expect(reasons.length).toBeGreaterThan(0)
    const [row] = await school.database.db.select().from(exportFiles).where(and(eq(exportFiles.schoolId, school.id), eq(exportFiles.tableKey, 'applications')))
    const { text } = await storedFile(storage, row!.storageKey)
    expect(text).not.toMatch(/withdrawalReason/)
    for (const { reason } of reasons) expect(text).not.toContain(reason!)
  })

  it('produces none of a switched-off module\'s tables', async () => {
    for (const module of ['admissions', 'people_sync', 'staff_import', 'rosters'] as const) await setSchoolModule(school.context, module, 'off')
    const ctx = systemContext(school.database, await requireSchool(school.database, school.id), 'test')
    const keys = (await produceSchoolExports(ctx, { storage })).map(file => file.tableKey)
    expect(keys).toContain('people')
    for (const key of [...Object.keys(headers), 'enquiries']) expect(keys).not.toContain(key)
  })
})
