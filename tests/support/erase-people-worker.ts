/**
 * A process for tests/integration/retention/erasure-crash.test.ts: erases the people `argv[3..]` of the school
 * `argv[2]` one after another, as the sweep does, and is killed by the test while it does.
 */
import { openDatabase } from '../../db/client'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { erasePerson } from '../../server/domain/retention/erase-person'

const [schoolId = '', ...personIds] = process.argv.slice(2)
const database = openDatabase()
const ctx = systemContext(database, await requireSchool(database, schoolId), 'test')
for (const personId of personIds) await erasePerson(ctx, personId, { kind: 'schedule', recordClass: 'former_students' })
await database.close()
