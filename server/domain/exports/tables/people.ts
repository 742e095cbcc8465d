import { isNull, sql } from 'drizzle-orm'
import { courtOrders, people } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'people',
  module: 'people',
  from: people,
  id: people.id,
  schoolId: people.schoolId,
  // The school deleted them: gone from every answer, and from the warehouse too.
  where: isNull(people.deletedAt),
  columns: [
    { name: 'id', class: 'general', value: people.id },
    { name: 'familyName', class: 'personal', value: people.familyName },
    { name: 'givenNames', class: 'personal', value: people.givenNames },
    { name: 'dateOfBirth', class: 'personal', value: people.dateOfBirth },
    { name: 'email', class: 'personal', value: people.email },
    { name: 'phone', class: 'personal', value: people.phone },
    { name: 'preferredLanguage', class: 'personal', value: people.preferredLanguage },
    { name: 'createdAt', class: 'general', value: people.createdAt },
    { name: 'updatedAt', class: 'general', value: people.updatedAt },
    // What restricted.read covers: described so that no school setting can ever let it out.
    { name: 'courtOrderOnFile', class: 'restricted', value: sql`exists (select 1 from ${courtOrders} where ${courtOrders.childId} = ${people.id})` }
  ]
})
