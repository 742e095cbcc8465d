import { beforeAll, describe, expect, it } from 'vitest'
import { scopeNames } from '../../../../server/domain/access/catalogue'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { documentedOperations, requestPath, type DocumentedOperation } from '../../../support/openapi-operations'
import { newSchool } from '../../../support/schools'

const writes = (await documentedOperations()).filter(({ operation }) => operation.requestBody)

const enquiry = (changes: { student?: object, enquirer?: object, [field: string]: unknown } = {}) => {
  const { student, enquirer, ...rest } = changes
  return {
    student: { familyName: 'Ngata', givenNames: 'Aroha', ...student },
    enquirer: { familyName: 'Ngata', givenNames: 'Wiremu', phone: '0400 000 000', ...enquirer },
    ...rest
  }
}

describe('hostile request bodies', () => {
  let token: string

  beforeAll(async () => {
    token = await (await newSchool()).token(scopeNames)
  })

  it('has write routes to try', () => {
    expect(writes.map(write => `${write.method} ${requestPath(write)}`)).toContain('post /api/v1/enquiries')
  })

  describe.each(writes)('$method $path', (write: DocumentedOperation) => {
    // About 10 KB: a recursive reader of this would overflow its stack.
    it.each([
      ['arrays', '['.repeat(5000) + ']'.repeat(5000)],
      ['objects inside a field', '{"student":' + '{"a":'.repeat(2000) + '1' + '}'.repeat(2001)],
      ['arrays in a string-looking body', `{"channel":"${'['.repeat(100)}","x":${'['.repeat(5000)}${']'.repeat(5000)}}`]
    ])('refuses %s nested 5,000 deep with bad_request, not a fault', async (_, body) => {
      const answer = await callApi(requestPath(write), { token, method: write.method.toUpperCase(), body, headers: { 'content-type': 'application/json' } })
      const data = expectEnvelope(answer, 400, 'bad_request')
      expect(data.detail.join(' ')).toMatch(/nests/)
    })

    it('reads a body nested as deep as the limit', async () => {
      const answer = await callApi(
        requestPath(write),
        { token, method: write.method.toUpperCase(), body: '{"a":' + '['.repeat(63) + ']'.repeat(63) + '}', headers: { 'content-type': 'application/json' } }
      )
      expectEnvelope(answer, 400, 'validation_failed')
    })
  })

  it('accepts brackets inside strings, which do not nest', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ student: { familyName: '[{'.repeat(90) } }) })
    expect(answer.status).toBe(201)
  })

  it.each([
    ['U+0001 in a family name', { student: { familyName: 'Ngata\u0001' } }, ['student.familyName']],
    ['U+0085 in given names', { enquirer: { givenNames: '\u0085Wiremu' } }, ['enquirer.givenNames']],
    ['U+009F at the end of a name', { student: { givenNames: 'Aroha\u009f' } }, ['student.givenNames']],
    ['both at once', { student: { familyName: '\u0001Ngata' }, enquirer: { givenNames: 'Wi\u0085remu' } }, ['enquirer.givenNames', 'student.familyName']]
  ])('refuses a name holding a control character (%s) with validation_failed naming it', async (_, changes, fields) => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry(changes) })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(fields)
  })

  it('still takes names in any script, with their accents, apostrophes and hyphens', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ student: { familyName: 'Ó Briain-Nguyễn', givenNames: 'Zoë 明美' } }) })
    expect(answer.status).toBe(201)
  })

  it.each([
    ['a channel', enquiry({ channel: 'x'.repeat(100_000) }), 'channel'],
    ['a relationship', enquiry({ enquirer: { relationship: 'r'.repeat(100_000) } }), 'enquirer.relationship'],
    ['a field name', { ...enquiry(), ['k'.repeat(100_000)]: 1 }, /^k{1,60}…$/]
  ])('echoes only an excerpt of a 100 KB value it refuses (%s)', async (_, body, field) => {
    const answer = await callApi('/api/v1/enquiries', { token, body })
    const data = expectEnvelope(answer, 400, 'validation_failed')
    expect(data.fields!.map(problem => problem.path)).toContainEqual(typeof field === 'string' ? field : expect.stringMatching(field))
    expect(JSON.stringify(answer.body).length).toBeLessThan(2000)
  })

  it('names the refused value by its beginning', async () => {
    const answer = await callApi(
      '/api/v1/enquiries', { token, body: enquiry({ channel: 'a newspaper advertisement in the Sunday edition of the local paper' }) }
    )
    const data = expectEnvelope(answer, 400, 'validation_failed')
    expect(data.detail.join(' ')).toContain('"a newspaper advertisement in the Sunday …"')
  })
})
