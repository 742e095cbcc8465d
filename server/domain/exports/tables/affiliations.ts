import { sql } from 'drizzle-orm'
import { affiliations, exitReasons } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'affiliations',
  module: 'people',
  from: affiliations,
  id: affiliations.id,
  schoolId: affiliations.schoolId,
  where: aboutNoErasedPerson(affiliations.personId),
  columns: [
    { name: 'id', class: 'general', value: affiliations.id },
    { name: 'personId', class: 'general', value: affiliations.personId },
    { name: 'kind', class: 'general', value: affiliations.kind },
    { name: 'validFrom', class: 'general', value: affiliations.validFrom },
    { name: 'validTo', class: 'general', value: affiliations.validTo },
    { name: 'yearLevel', class: 'general', value: affiliations.yearLevel },
    { name: 'campusId', class: 'general', value: affiliations.campusId },
    { name: 'createdAt', class: 'general', value: affiliations.createdAt },
    // Why a student left is restricted.read's: described so that no school setting can ever let it out.
    {
      name: 'exitReason', class: 'restricted',
      value: sql`(select ${exitReasons.reason} from ${exitReasons} where ${exitReasons.affiliationId} = ${affiliations.id})`
    }
  ]
})
