import { describe, expect, it } from 'vitest'
import { oneRosterAnswerProblems, oneRosterOperations } from '../../../support/oneroster-conformance'

// Answers written by hand from the stored 1EdTech document, so that the checker is shown to accept what the document
// allows and refuse what it does not, before any provider answer is judged by it.
const user = {
  sourcedId: 'usr_1',
  status: 'active',
  dateLastModified: '2026-09-01T08:00:00.000Z',
  enabledUser: 'true',
  givenName: 'Ada',
  familyName: 'Lovelace',
  roles: [{
    roleType: 'primary',
    role: 'student',
    org: { href: 'https://school.example/ims/oneroster/rostering/v1p2/orgs/org_1', sourcedId: 'org_1', type: 'org' }
  }],
  email: 'ada@school.example',
  grades: ['09']
}

const unknownClass = {
  imsx_codeMajor: 'failure',
  imsx_severity: 'error',
  imsx_description: 'No class has that sourcedId',
  imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unknownobject' }] }
}

describe('the OneRoster 1.2 conformance checker', () => {
  it('lists every GET operation of the rostering binding with its path template', () => {
    const operations = oneRosterOperations('1.2')
    expect(operations).toHaveLength(41)
    expect(operations).toContainEqual({ path: '/classes/{classSourcedId}/students', operationId: 'getStudentsForClass' })
    expect(operations).toContainEqual({ path: '/users', operationId: 'getAllUsers' })
    const inSchool = '/schools/{schoolSourcedId}/classes/{classSourcedId}/enrollments'
    expect(operations).toContainEqual({ path: inSchool, operationId: 'getEnrollmentsForClassInSchool' })
  })

  it('accepts a users collection the document allows, by template and by the address asked', () => {
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [user] })).toEqual([])
    expect(oneRosterAnswerProblems('1.2', 'GET', '/ims/oneroster/rostering/v1p2/classes/cls_123/students?limit=5', 200, { users: [user] })).toEqual([])
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [] })).toEqual([])
  })

  it('accepts an imsx_StatusInfoDType error, for a listed status and through the default response', () => {
    expect(oneRosterAnswerProblems('1.2', 'GET', '/ims/oneroster/rostering/v1p2/classes/cls_404', 404, unknownClass)).toEqual([])
    // 503 is not listed for getClass: the default response (also imsx_StatusInfoDType) applies.
    const { imsx_CodeMinor: _, ...withoutCodeMinor } = unknownClass
    expect(oneRosterAnswerProblems('1.2', 'GET', '/classes/{sourcedId}', 503, withoutCodeMinor)).toEqual([])
  })

  it('refuses a user without a required field', () => {
    const { familyName: _, ...withoutFamilyName } = user
    const problems = oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [withoutFamilyName] })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/getAllUsers 200: \/users\/0 must have required property 'familyName'/)
  })

  it('refuses what the document does not allow in a user: an unknown property, a boolean where it wants "true", a date that is not one', () => {
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [{ ...user, nickname: 'A' }] }).join('\n')).toMatch(/not allow: nickname/)
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [{ ...user, enabledUser: true }] }).join('\n')).toMatch(/\/users\/0\/enabledUser/)
    expect(oneRosterAnswerProblems('1.2', 'GET', '/users', 200, { users: [{ ...user, dateLastModified: 'yesterday' }] }).join('\n'))
      .toMatch(/dateLastModified must match format "date-time"/)
  })

  it('refuses an error whose codeMajor is not one of the vocabulary', () => {
    const problems = oneRosterAnswerProblems('1.2', 'GET', '/classes/cls_404', 404, { ...unknownClass, imsx_codeMajor: 'error' })
    expect(problems).toEqual([`getClass 404: /imsx_codeMajor must be equal to one of the allowed values: ["success","processing","failure","unsupported"]`])
  })

  it('names an address no operation of the document has', () => {
    expect(oneRosterAnswerProblems('1.2', 'GET', '/ims/oneroster/rostering/v1p2/lineItems', 200, {})).toEqual([
      'no GET operation of OneRoster 1.2 matches /ims/oneroster/rostering/v1p2/lineItems'
    ])
  })

  it('checks no 1.1 answer, since no 1EdTech 1.1 document is stored', () => {
    expect(() => oneRosterOperations('1.1')).toThrow(/No 1EdTech OneRoster 1.1 binding document/)
  })
})
