import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { operationTable, type RollbookClient } from '../../../clients/typescript/src/index'
import { callApi } from '../../support/api'
import { recordedClient } from '../../support/rollbook-client'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { acceptedApplication, addTour, applicationBody } from '../../support/admissions-fixtures'
import { syncFile, syncPeople } from '../../support/sync-files'
import { scopeNames } from '../../../server/domain/access/catalogue'
import { saveHrisMapping } from '../../../server/domain/imports/hris-mappings'
import { todayInZone } from '../../../server/domain/days/clock'

const document = (await callApi('/_openapi.json')).body
const documented = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })))

interface Fixtures {
  client: RollbookClient
  rostering: RollbookClient
  personId: string
  applicationId: string
  tourId: string
  mappingId: string
  today: string
}

interface Answer {
  response: Response
  data?: unknown
  error?: unknown
}

const unique = () => randomUUID().slice(0, 8)
const enquiryBody = () => ({
  student: { familyName: `Client${unique()}`, givenNames: 'Aroha' },
  enquirer: { familyName: 'Client', givenNames: 'Wiremu', relationship: 'father', email: `wiremu.${unique()}@example.org` },
  intendedEntryYear: 2028
})

/**
 * One call of every operation through the typed client, with a valid request, and the status it answers
 * here. A file is fetched only with the grant its listing gives, so its refusal (documented) stands in.
 */
const calls: Record<string, { status: number, call: (f: Fixtures) => Promise<Answer> }> = {
  'GET /absences': {
    status: 200, call: ({ client, today }) => client.GET('/absences', { params: { query: { from: today, to: today, limit: 10 } } })
  },
  'POST /absences/unexplained': {
    status: 201, call: ({ client, personId, today }) => client.POST('/absences/unexplained', { body: { absences: [{ personId, day: today }] } })
  },
  'GET /affiliations': { status: 200, call: ({ client }) => client.GET('/affiliations', { params: { query: { limit: 10 } } }) },
  'GET /alumni': { status: 200, call: ({ client }) => client.GET('/alumni') },
  'POST /applications': { status: 201, call: ({ client }) => client.POST('/applications', { body: applicationBody() }) },
  'POST /applications/{id}/events': {
    status: 201,
    call: ({ client, applicationId, today }) =>
      client.POST('/applications/{id}/events', { params: { path: { id: applicationId } }, body: { kind: 'started', occurredOn: today } })
  },
  'POST /enquiries': { status: 201, call: ({ client }) => client.POST('/enquiries', { body: enquiryBody() }) },
  'POST /enrolments': {
    status: 201,
    call: ({ client, today }) => client.POST('/enrolments', {
      body: {
        student: { familyName: `Enrolled${unique()}`, givenNames: 'Tama', dateOfBirth: '2016-09-30' },
        carers: [{ familyName: 'Enrolled', givenNames: 'Carer', email: `carer.${unique()}@example.org`, relationship: 'mother' }],
        yearLevel: '4',
        startsOn: today
      }
    })
  },
  'GET /events': { status: 200, call: ({ client }) => client.GET('/events', { params: { query: { limit: 5 } } }) },
  'GET /exports': { status: 200, call: ({ client }) => client.GET('/exports') },
  'GET /exports/{id}/file': {
    status: 403,
    call: ({ client }) => client.GET('/exports/{id}/file', { params: { path: { id: 'exp_0k3v9x2m7q1w8e4r6t5y' }, query: { grant: 'none' } }, parseAs: 'text' })
  },
  'GET /people': { status: 200, call: ({ client }) => client.GET('/people', { params: { query: { limit: 2 } } }) },
  'GET /people/{id}': { status: 200, call: ({ client, personId }) => client.GET('/people/{id}', { params: { path: { id: personId } } }) },
  'GET /people/{id}/billing': { status: 200, call: ({ client, personId }) => client.GET('/people/{id}/billing', { params: { path: { id: personId } } }) },
  'GET /people/{id}/contacts': { status: 200, call: ({ client, personId }) => client.GET('/people/{id}/contacts', { params: { path: { id: personId } } }) },
  'POST /people/sync': {
    status: 202,
    call: ({ client }) => client.POST('/people/sync', { body: { system: 'sis', scope: 'full', file: syncFile(syncPeople(3, `C${unique()}`)) } })
  },
  'GET /roster/{format}': { status: 200, call: ({ rostering }) => rostering.GET('/roster/{format}', { params: { path: { format: 'oneroster' } } }) },
  'POST /staff/import': {
    status: 200,
    call: ({ client, mappingId }) => client.POST('/staff/import', { body: { mappingId, csv: 'id,family,given,start\nE1,Ng,Linh,2020-01-27\n' } })
  },
  'GET /starters': { status: 200, call: ({ client }) => client.GET('/starters') },
  'GET /tours': { status: 200, call: ({ client }) => client.GET('/tours') },
  'POST /tours/{id}/bookings': {
    status: 201, call: ({ client, tourId }) => client.POST('/tours/{id}/bookings', { params: { path: { id: tourId } }, body: enquiryBody() })
  }
}

describe('the TypeScript client calls every operation of /_openapi.json', () => {
  let fixtures: Fixtures

  beforeAll(async () => {
    const school = await newSchool()
    const [personId] = await addPeopleWithSpans(school, [{ familyName: 'Client', givenNames: 'Every', spans: [{ validFrom: '2020-01-28' }] }])
    const { id: mappingId } = await saveHrisMapping(school.context, {
      name: 'HR', columns: { employeeId: 'id', familyName: 'family', givenNames: 'given', startDate: 'start' }, dateFormat: 'YYYY-MM-DD'
    })
    fixtures = {
      client: recordedClient(await school.token(scopeNames)).client,
      rostering: recordedClient(await school.token(['roster.read'], { issuedVia: 'rostering' })).client,
      personId,
      applicationId: (await acceptedApplication(school)).id,
      tourId: await addTour(school),
      mappingId,
      today: todayInZone(school.school.timeZone)
    }
  })

  it('has a call for each operation the document and the client\'s table list, and none other', () => {
    const keys = documented.map(({ key }) => key).sort()
    expect(Object.keys(calls).sort()).toEqual(keys)
    expect(operationTable.map(operation => `${operation.method.toUpperCase()} ${operation.path}`).sort()).toEqual(keys)
  })

  it.each(documented)('$key', async ({ key, operation }) => {
    const { status, call } = calls[key]!
    const { response, data, error } = await call(fixtures)
    expect(Object.keys(operation.responses)).toContain(String(response.status))
    expect([response.status, error]).toEqual([status, response.ok ? undefined : expect.anything()])
    if (response.ok) {
      expect(data).toBeDefined()
    } else {
      // A refusal is the documented envelope, with a code the operation lists for its status.
      expect(Object.keys(error as object).sort()).toEqual(['data', 'statusCode', 'statusMessage'])
      expect(operation.responses[String(response.status)]['x-error-codes']).toContain((error as any).data.code)
    }
  })
})
