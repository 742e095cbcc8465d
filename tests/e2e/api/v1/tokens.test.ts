import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { apiTokens } from '../../../../db/schema'
import { revokeToken } from '../../../../server/domain/tokens/manage-tokens'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'

describe('bearer tokens and scopes', () => {
  let schoolA: Awaited<ReturnType<typeof newSchool>>
  let schoolB: Awaited<ReturnType<typeof newSchool>>
  let personOfB: string

  beforeAll(async () => {
    schoolA = await newSchool({ name: 'School A' })
    schoolB = await newSchool({ name: 'School B' })
    personOfB = await writeChanges(schoolB.context, (tx, changes) => insertPerson(tx, changes, schoolB.id, { familyName: 'Other', givenNames: 'Pupil' }))
  })

  it('gives a revoked, an expired and an unknown token the same 401', async () => {
    const revoked = await schoolA.tokenWithId(['person.read'])
    expect((await callApi('/api/v1/people', { token: revoked.token })).status).toBe(200)
    await revokeToken(schoolA.context, revoked.id)

    const expired = await schoolA.tokenWithId(['person.read'])
    await schoolA.database.transaction(tx => tx.update(apiTokens).set({ expiresAt: '2020-01-01T00:00:00.000Z' }).where(eq(apiTokens.id, expired.id)))

    const answers = await Promise.all([revoked.token, expired.token, 'rbk_' + 'x'.repeat(43), 'not-even-a-token', undefined]
      .map(token => callApi('/api/v1/people', { token })))
    const bodies = answers.map((answer) => {
      const { traceId: _, ...rest } = expectEnvelope(answer, 401, 'unauthenticated')
      return JSON.stringify({ status: answer.status, body: { ...answer.body, data: rest } })
    })
    expect(new Set(bodies).size).toBe(1)
  })

  it('refuses a token without the scope with 403 naming the capability', async () => {
    const token = await schoolA.token(['enquiry.write'])
    const data = expectEnvelope(await callApi('/api/v1/people', { token }), 403, 'forbidden')
    expect(data.detail.join(' ')).toContain('person.read')
  })

  it('answers component_off, not forbidden, to a token lacking the scope when the school switched the module off', async () => {
    const closed = await newSchool()
    const token = await closed.token(['billing.read'])
    await setSchoolModule(closed.context, 'people', 'off')
    await setSchoolModule(closed.context, 'admissions', 'read_only')
    const read = expectEnvelope(await callApi('/api/v1/people', { token }), 403, 'component_off')
    expect(read.detail.join(' ')).not.toContain('person.read')
    const write = expectEnvelope(await callApi('/api/v1/enquiries', { token, body: {} }), 403, 'component_off')
    expect(write.detail.join(' ')).not.toContain('enquiry.write')
  })

  it('answers not_found for another school\'s person, exactly as for a missing one', async () => {
    const token = await schoolA.token(['person.read'])
    const foreign = expectEnvelope(await callApi(`/api/v1/people/${personOfB}`, { token }), 404, 'not_found')
    const missing = expectEnvelope(await callApi('/api/v1/people/per_doesnotexist00000000', { token }), 404, 'not_found')
    expect(foreign.detail).toEqual(missing.detail)
    const own = await callApi(`/api/v1/people/${personOfB}`, { token: await schoolB.token(['person.read']) })
    expect(own.body).toMatchObject({ id: personOfB, familyName: 'Other', givenNames: 'Pupil' })
  })

  it('keeps fields outside the token\'s scopes out of the answer', async () => {
    const token = await schoolB.token(['person.read'])
    const answer = await callApi(`/api/v1/people/${personOfB}`, { token })
    expect(Object.keys(answer.body).sort()).toEqual(['dateOfBirth', 'familyName', 'givenNames', 'id', 'preferredLanguage'])
  })
})
