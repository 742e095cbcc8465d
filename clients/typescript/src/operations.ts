/**
 * Every operation of the Rollbook API, for the client's run time: its method, path, `Idempotency-Key`, and a list's cursor parameter.
 * Generated from /_openapi.json by `npm run client:generate` (scripts/client-files.ts): do not edit.
 */

export const operationTable = [
  { operationId: 'getAbsences', method: 'get', path: '/absences', idempotent: false, cursor: 'cursor' },
  { operationId: 'postAbsencesUnexplained', method: 'post', path: '/absences/unexplained', idempotent: true },
  { operationId: 'getAffiliations', method: 'get', path: '/affiliations', idempotent: false, cursor: 'cursor' },
  { operationId: 'getAlumni', method: 'get', path: '/alumni', idempotent: false, cursor: 'cursor' },
  { operationId: 'postApplications', method: 'post', path: '/applications', idempotent: true },
  { operationId: 'postApplicationsByIdEvents', method: 'post', path: '/applications/{id}/events', idempotent: true },
  { operationId: 'postEnquiries', method: 'post', path: '/enquiries', idempotent: true },
  { operationId: 'postEnrolments', method: 'post', path: '/enrolments', idempotent: true },
  { operationId: 'getEvents', method: 'get', path: '/events', idempotent: false, cursor: 'after' },
  { operationId: 'getExports', method: 'get', path: '/exports', idempotent: false },
  { operationId: 'getExportsByIdFile', method: 'get', path: '/exports/{id}/file', idempotent: false },
  { operationId: 'getPeople', method: 'get', path: '/people', idempotent: false, cursor: 'cursor' },
  { operationId: 'getPeopleById', method: 'get', path: '/people/{id}', idempotent: false },
  { operationId: 'getPeopleByIdBilling', method: 'get', path: '/people/{id}/billing', idempotent: false },
  { operationId: 'getPeopleByIdContacts', method: 'get', path: '/people/{id}/contacts', idempotent: false },
  { operationId: 'postPeopleSync', method: 'post', path: '/people/sync', idempotent: true },
  { operationId: 'getRosterByFormat', method: 'get', path: '/roster/{format}', idempotent: false },
  { operationId: 'postStaffImport', method: 'post', path: '/staff/import', idempotent: true },
  { operationId: 'getStarters', method: 'get', path: '/starters', idempotent: false, cursor: 'cursor' },
  { operationId: 'getTours', method: 'get', path: '/tours', idempotent: false },
  { operationId: 'postToursByIdBookings', method: 'post', path: '/tours/{id}/bookings', idempotent: true }
] as const
