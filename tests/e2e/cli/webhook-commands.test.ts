import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { deliverDueWebhooks } from '../../../server/domain/webhooks/delivery-worker'
import { revokeToken } from '../../../server/domain/tokens/manage-tokens'
import { newSchool } from '../../support/schools'
import { adminRun, bundledCli } from '../../support/admin-cli'
import { freePort, projectRoot } from '../../support/server-process'
import { privateAllowed, recordChanges, startReceiver } from '../../support/webhooks'
import { spawnForTest } from '../../support/spawn-for-test'

/** The bundled admin CLI under `--json`, refused or not: the answer on stdout and the exit status. */
async function admin(args: string[], env: Record<string, string> = {}): Promise<{ code: number, answer: any }> {
  const { code, stdout } = await adminRun([...args, '--json'], env)
  return { code, answer: JSON.parse(stdout) }
}

const allowPrivate = { WEBHOOKS_ALLOW_PRIVATE: 'true' }

describe('admin CLI: webhook', () => {
  it('creates, lists, shows deliveries, retries, sets the token and deletes; refuses loopback without the flag', async () => {
    const school = await newSchool()
    const token = await school.tokenWithId(['person.read'])
    const receiver = await startReceiver((_post, index) => index === 0 ? 500 : 200)
    const base = ['webhook', 'create', '--school', school.id, '--url', receiver.url, '--kinds', 'person.created,person.updated', '--token-id', token.id]

    const refused = await admin(base)
    expect(refused.code).toBe(1)
    expect(refused.answer.error).toMatchObject({ code: 'validation_failed' })
    expect(refused.answer.error.detail[0]).toMatch(/^url: A destination must be an https:\/\/ URL/)
    expect((await admin([...base.slice(0, -4), '--kinds', 'person.created,person.renamed', '--token-id', token.id], allowPrivate)).answer.error.detail)
      .toEqual(['kinds[1]: Unknown event kind "person.renamed".'])

    const created = (await admin(base, allowPrivate)).answer
    expect(created.id).toMatch(/^sub_/)
    expect(created.secret).toMatch(/^whsec_/)
    const listed = (await admin(['webhook', 'list', '--school', school.id])).answer
    expect(listed).toEqual([expect.objectContaining({ id: created.id, url: receiver.url, kinds: ['person.created', 'person.updated'], tokenState: 'valid' })])
    expect(JSON.stringify(listed)).not.toContain(created.secret)

    await recordChanges(school.context, 'person.created', ['per_1'])
    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    const [waiting] = (await admin(['webhook', 'deliveries', '--id', created.id])).answer
    expect(waiting)
      .toMatchObject({ kind: 'person.created', table: 'people', recordId: 'per_1', status: 'pending', attempts: 1, lastStatus: 500, lastAnswer: 'answer 500' })

    expect((await admin(['webhook', 'retry', '--delivery', waiting.id])).answer).toEqual({ id: waiting.id, status: 'pending' })
    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    expect((await admin(['webhook', 'deliveries', '--id', created.id, '--limit', '1'])).answer[0]).toMatchObject({ status: 'delivered', attempts: 2 })
    expect((await admin(['webhook', 'retry', '--delivery', waiting.id])).answer.error.code).toBe('unprocessable')

    await revokeToken(school.context, token.id)
    expect((await admin(['webhook', 'list', '--school', school.id])).answer[0].tokenState).toBe('revoked')
    const other = await school.tokenWithId(['person.read'])
    expect((await admin(['webhook', 'set-token', '--id', created.id, '--token-id', other.id])).answer).toEqual({ id: created.id, tokenId: other.id })
    expect((await admin(['webhook', 'delete', '--id', created.id])).answer).toMatchObject({ id: created.id })
    expect((await admin(['webhook', 'list', '--school', school.id])).answer).toEqual([])
    expect((await admin(['webhook', 'deliveries', '--id', created.id])).answer).toHaveLength(1)
    expect((await admin(['webhook', 'deliveries', '--id', 'sub_nothing'])).answer.error.code).toBe('not_found')
  }, 240_000)

  it('receive prints each post and whether its signature verifies', async () => {
    const school = await newSchool()
    const token = await school.tokenWithId(['person.read'])
    const port = await freePort()
    const created = (await admin(['webhook', 'create', '--school', school.id, '--url', `http://127.0.0.1:${port}/`, '--kinds', 'person.updated', '--token-id', token.id], allowPrivate)).answer
    const receiver = spawnForTest(
      process.execPath, [bundledCli, 'webhook', 'receive', '--port', String(port), '--secret', created.secret, '--json'],
      { cwd: projectRoot, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] }
    )
    const lines = createInterface({ input: receiver.stdout! })[Symbol.asyncIterator]()
    expect(JSON.parse((await lines.next()).value)).toEqual({ listening: `http://127.0.0.1:${port}/` })
    await recordChanges(school.context, 'person.updated', ['per_1'])
    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    const printed = JSON.parse((await lines.next()).value)
    expect(printed).toMatchObject({ verified: true, repeat: false })
    expect(JSON.parse(printed.body)).toMatchObject({ kind: 'person.updated', id: 'per_1' })
  })
})
