import { afterEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, onerosterAccessTokens, onerosterClients } from '../../../db/schema'
import { createOneRosterClient, listOneRosterClients, revokeOneRosterClient } from '../../../server/domain/oneroster/clients'
import { issueOneRosterAccessToken, oneRosterCallerOf } from '../../../server/domain/oneroster/access-tokens'
import { hashTokenSecret } from '../../../server/domain/tokens/secrets'
import { setClockOffset } from '../../../server/domain/days/clock'
import { newSchool, testDatabase } from '../../support/schools'

/*
 * OneRoster REST clients (server/domain/oneroster/): made with a secret shown once, revoked with their tokens, and the
 * client-credentials grant that gives a platform its one-hour access token, on either database.
 */
const v1p2 = (scope: string) => `https://purl.imsglobal.org/spec/or/v1p2/scope/${scope}`
const v1p1 = (scope: string) => `https://purl.imsglobal.org/spec/or/v1p1/scope/${scope}`

describe('OneRoster REST clients', () => {
  afterEach(() => setClockOffset(0))

  const schoolWithClient = async (scopes: string[] = ['roster-core.readonly', 'roster.readonly']) => {
    const school = await newSchool({ name: 'OneRoster School' })
    const client = await createOneRosterClient(school.context, { name: '  Canvas  ', scopes })
    return { school, client }
  }
  const token = (clientId: string, clientSecret: string, requestedScope?: string) =>
    issueOneRosterAccessToken(testDatabase(), { clientId, clientSecret, requestedScope })

  it('makes a client whose secret is shown once and kept only as its hash, listed without it, and records who made it', async () => {
    const { school, client } = await schoolWithClient(['roster.readonly', 'roster-core.readonly', 'roster.readonly'])
    expect(client.id).toMatch(/^orc_/)
    expect(client.clientId).toBe(client.id)
    expect(client.clientSecret).toMatch(/^rbo_[0-9A-Za-z]{43}$/)
    expect(client).toMatchObject({ name: 'Canvas', scopes: ['roster-core.readonly', 'roster.readonly'] })
    const [row] = await school.database.db.select().from(onerosterClients).where(eq(onerosterClients.id, client.id))
    expect(row!.secretHash).toBe(hashTokenSecret(client.clientSecret))
    expect(JSON.stringify(row)).not.toContain(client.clientSecret)
    const listed = await listOneRosterClients(school.context)
    expect(listed).toEqual([{
      id: client.id, clientId: client.id, name: 'Canvas', scopes: ['roster-core.readonly', 'roster.readonly'], createdAt: client.createdAt,
      createdBy: 'system:test', lastUsedAt: null, revokedAt: null
    }])
    expect(JSON.stringify(listed)).not.toContain(row!.secretHash)
    const kinds = await school.database.db.select({ kind: activity.kind }).from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, client.id)))
    expect(kinds.map(entry => entry.kind)).toEqual(['oneroster_client.created'])
  })

  it.each([
    ['no name', { name: '   ', scopes: ['roster.readonly'] }],
    ['no scope', { name: 'Canvas', scopes: [] }],
    ['an unknown scope', { name: 'Canvas', scopes: ['person.read'] }]
  ])('refuses a client with %s', async (_, input) => {
    const school = await newSchool()
    await expect(createOneRosterClient(school.context, input)).rejects.toMatchObject({ code: 'unprocessable' })
  })

  it('gives a token for the right id and secret, with every scope the client holds in both versions\' words, for one hour', async () => {
    const { school, client } = await schoolWithClient()
    const grant = await token(client.clientId, client.clientSecret)
    expect(grant).toEqual({
      granted: {
        access_token: expect.stringMatching(/^rbq_[0-9A-Za-z]{43}$/), token_type: 'bearer', expires_in: 3600,
        scope: [v1p2('roster-core.readonly'), v1p2('roster.readonly'), v1p1('roster-core.readonly'), v1p1('roster.readonly')].join(' ')
      }
    })
    const accessToken = 'granted' in grant ? grant.granted.access_token : ''
    const [stored] = await school.database.db.select().from(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, client.id))
    expect(stored!.tokenHash).toBe(hashTokenSecret(accessToken))
    expect(Date.parse(stored!.expiresAt) - Date.parse(stored!.issuedAt)).toBe(3600_000)
    const caller = await oneRosterCallerOf(school.database, accessToken)
    expect(caller).toMatchObject({ clientId: client.id, scopes: ['roster-core.readonly', 'roster.readonly'] })
    expect(caller!.school).toMatchObject({ id: school.id, name: 'OneRoster School', timeZone: 'Australia/Sydney' })
    expect((await listOneRosterClients(school.context))[0]!.lastUsedAt).toBe(stored!.issuedAt)
  })

  it('writes the client\'s last use at most once a minute', async () => {
    const { school, client } = await schoolWithClient()
    await token(client.clientId, client.clientSecret)
    const first = (await listOneRosterClients(school.context))[0]!.lastUsedAt!
    // The clock is set from the first use, not from now, so a loaded machine's pauses move nothing.
    setClockOffset(Date.parse(first) + 30_000 - Date.now())
    await token(client.clientId, client.clientSecret)
    expect((await listOneRosterClients(school.context))[0]!.lastUsedAt).toBe(first)
    setClockOffset(Date.parse(first) + 61_000 - Date.now())
    await token(client.clientId, client.clientSecret)
    expect((await listOneRosterClients(school.context))[0]!.lastUsedAt).not.toBe(first)
  })

  it('refuses a wrong secret, an unknown client, a malformed one, and a revoked one, all alike', async () => {
    const { school, client } = await schoolWithClient()
    const invalidClient = { refused: 'invalid_client', description: expect.any(String) }
    const wrong = `rbo_${'A'.repeat(43)}`
    expect(await token(client.clientId, wrong)).toEqual(invalidClient)
    expect(await token('orc_doesnotexist', client.clientSecret)).toEqual(invalidClient)
    expect(await token(client.clientId, client.clientSecret.slice(0, -1))).toEqual(invalidClient)
    expect(await token(`${client.clientId}'--`, client.clientSecret)).toEqual(invalidClient)
    const other = await schoolWithClient()
    expect(await token(client.clientId, other.client.clientSecret)).toEqual(invalidClient)
    expect(await revokeOneRosterClient(school.context, client.id)).toBe(true)
    expect(await token(client.clientId, client.clientSecret)).toEqual(invalidClient)
  })

  it.each([
    ['1.2\'s core scope alone', v1p2('roster-core.readonly'), ['roster-core.readonly']],
    ['1.1\'s full scope alone', v1p1('roster.readonly'), ['roster.readonly']],
    ['both versions\' words for one scope, spaced twice', `${v1p1('roster.readonly')}  ${v1p2('roster.readonly')}`, ['roster.readonly']],
    ['an empty scope, as if none', '', ['roster-core.readonly', 'roster.readonly']],
    ['Google\'s conformance request: the roster and three gradebook scopes, the gradebook\'s passed over',
      [v1p2('roster.readonly'), ...['gradebook.readonly', 'gradebook.createput', 'gradebook.delete']
        .map(scope => `https://purl.imsglobal.org/spec/or/v1p2/scope/${scope}`)].join(' '), ['roster.readonly']]
  ])('narrows the token to the scopes asked for: %s', async (_, requested, scopes) => {
    const { school, client } = await schoolWithClient()
    const grant = await token(client.clientId, client.clientSecret, requested)
    if (!('granted' in grant)) throw new Error(`refused: ${grant.refused}`)
    expect(grant.granted.scope.split(' ')).toEqual([...scopes.map(v1p2), ...scopes.map(v1p1)])
    expect((await oneRosterCallerOf(school.database, grant.granted.access_token))!.scopes).toEqual(scopes)
  })

  it.each([
    ['a scope the client was not granted', v1p2('roster.readonly')],
    ['only a scope of a service Rollbook does not serve', 'https://purl.imsglobal.org/spec/or/v1p2/scope/gradebook.readonly'],
    ['a URI that is no OneRoster scope', 'https://example.org/scope/roster.readonly'],
    ['a bare word', 'roster-core.readonly'],
    ['a granted scope beside an unknown one', `${v1p2('roster-core.readonly')} person.read`]
  ])('refuses %s with invalid_scope and keeps no token', async (_, requested) => {
    const { school, client } = await schoolWithClient(['roster-core.readonly'])
    expect(await token(client.clientId, client.clientSecret, requested)).toEqual({ refused: 'invalid_scope', description: expect.any(String) })
    expect(await school.database.db.select().from(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, client.id))).toEqual([])
  })

  it('lets a token go after one hour, and clears the client\'s expired tokens when it takes a new one', async () => {
    const { school, client } = await schoolWithClient()
    const first = await token(client.clientId, client.clientSecret)
    const accessToken = 'granted' in first ? first.granted.access_token : ''
    const [issued] = await school.database.db.select().from(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, client.id))
    // The clock is set from the token's own expiry, so a loaded machine's pauses move nothing.
    setClockOffset(Date.parse(issued!.expiresAt) - 1000 - Date.now())
    expect(await oneRosterCallerOf(school.database, accessToken)).not.toBeNull()
    setClockOffset(Date.parse(issued!.expiresAt) - Date.now())
    expect(await oneRosterCallerOf(school.database, accessToken)).toBeNull()
    await token(client.clientId, client.clientSecret)
    const kept = await school.database.db.select().from(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, client.id))
    expect(kept).toHaveLength(1)
    expect(kept[0]!.tokenHash).not.toBe(hashTokenSecret(accessToken))
  })

  it('revokes a client with its tokens in force, records it, and finds no client of another school', async () => {
    const { school, client } = await schoolWithClient()
    const grant = await token(client.clientId, client.clientSecret)
    const accessToken = 'granted' in grant ? grant.granted.access_token : ''
    const other = await schoolWithClient()
    expect(await revokeOneRosterClient(other.school.context, client.id)).toBe(false)
    expect(await revokeOneRosterClient(school.context, 'orc_doesnotexist')).toBe(false)
    expect(await oneRosterCallerOf(school.database, accessToken)).not.toBeNull()
    expect(await revokeOneRosterClient(school.context, client.id)).toBe(true)
    expect(await oneRosterCallerOf(school.database, accessToken)).toBeNull()
    expect(await school.database.db.select().from(onerosterAccessTokens).where(eq(onerosterAccessTokens.clientId, client.id))).toEqual([])
    expect(await revokeOneRosterClient(school.context, client.id)).toBe(true)
    const [listed] = await listOneRosterClients(school.context)
    expect(listed!.revokedAt).not.toBeNull()
    const kinds = await school.database.db.select({ kind: activity.kind }).from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, client.id)))
    expect(kinds.map(entry => entry.kind).sort()).toEqual(['oneroster_client.created', 'oneroster_client.revoked'])
  })

  it.each([
    ['an empty string', ''],
    ['an API token\'s shape', `rbk_${'a'.repeat(43)}`],
    ['an unknown token', `rbq_${'a'.repeat(43)}`],
    ['a token with a line break', `rbq_${'a'.repeat(42)}\n`]
  ])('names no caller for %s', async (_, accessToken) => {
    const school = await newSchool()
    expect(await oneRosterCallerOf(school.database, accessToken)).toBeNull()
  })
})
