import { childContacts } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/**
 * Every child's emergency contacts and collectors (docs/data-check.md), in order: ids, the kind and the order are
 * general; the name, phone and relationship are personal, as the people and parental responsibility files' are.
 */
export default defineExportTable({
  key: 'child_contacts',
  module: 'people',
  from: childContacts,
  id: childContacts.id,
  schoolId: childContacts.schoolId,
  columns: [
    { name: 'id', class: 'general', value: childContacts.id },
    { name: 'childId', class: 'general', value: childContacts.childId },
    { name: 'kind', class: 'general', value: childContacts.kind },
    { name: 'position', class: 'general', value: childContacts.position },
    { name: 'updatedAt', class: 'general', value: childContacts.updatedAt },
    { name: 'personId', class: 'personal', value: childContacts.personId },
    { name: 'name', class: 'personal', value: childContacts.name },
    { name: 'phone', class: 'personal', value: childContacts.phone },
    { name: 'relationship', class: 'personal', value: childContacts.relationship }
  ]
})
