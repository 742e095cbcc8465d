import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3BucketStorage } from '../../../server/domain/exports/storage/s3-bucket-storage'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { listExportFiles } from '../../../server/domain/exports/list-exports'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { exportTables } from '../../../server/domain/exports/tables'

/**
 * A tiny in-process stand-in for an S3-compatible bucket: PUT, GET and DELETE of objects under
 * `/bucket/`, refusing a request not signed with AWS Signature V4 or whose body does not match the
 * SHA-256 it was signed with. It checks the shape of the signature, not its value.
 */
function fakeBucket() {
  const objects = new Map<string, Buffer>()
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const signed = /^AWS4-HMAC-SHA256 Credential=AKTEST\/\d{8}\/eu-test\/s3\/aws4_request, SignedHeaders=[\w;-]+, Signature=[0-9a-f]{64}$/.test(
      request.headers.authorization ?? ''
    )
    if (!signed || !request.url!.startsWith('/exports-bucket/')) return response.writeHead(403).end()
    const key = request.url!.slice('/exports-bucket/'.length)
    if (request.method === 'PUT') {
      if (createHash('sha256').update(body).digest('hex') !== request.headers['x-amz-content-sha256']
        || Number(request.headers['content-length']) !== body.length) return response.writeHead(400).end()
      objects.set(key, body)
      return response.writeHead(200).end()
    }
    if (request.method === 'DELETE') return response.writeHead(objects.delete(key) ? 204 : 404).end()
    const object = objects.get(key)
    if (!object) return response.writeHead(404).end()
    response.writeHead(200, { 'content-length': object.length }).end(object)
  })
  return { server, objects }
}

describe('export files in an S3-compatible bucket', () => {
  const bucket = fakeBucket()
  let address: string

  beforeAll(async () => {
    await new Promise<void>(done => bucket.server.listen(0, '127.0.0.1', done))
    address = `http://AKTEST:s3cret@127.0.0.1:${(bucket.server.address() as AddressInfo).port}/exports-bucket?region=eu-test`
  })
  afterAll(() => new Promise(done => bucket.server.close(done)))

  it('uploads each finished file signed with its own checksum, reads it back streaming, and removes it', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, [{ familyName: 'Bucket', givenNames: 'Person' }])
    const storage = s3BucketStorage(address)
    expect(storage.description).not.toContain('s3cret')
    const files = await produceSchoolExports(school.context, { storage })
    expect(files).toHaveLength(exportTables.length)
    const people = files[0]!
    const stored = bucket.objects.get(people.storageKey)!
    expect(`sha256:${createHash('sha256').update(stored).digest('hex')}`).toBe(people.checksum)
    const chunks: Buffer[] = []
    for await (const chunk of await storage.read(people.storageKey)) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toContain('Bucket,Person')
    expect((await listExportFiles(school.context)).files).toHaveLength(exportTables.length)
    await storage.remove(people.storageKey)
    expect(bucket.objects.has(people.storageKey)).toBe(false)
    await expect(storage.read(people.storageKey)).rejects.toThrow('HTTP 404')
  })

  it('refuses an address without a bucket or keys', () => {
    expect(() => s3BucketStorage('https://host.example/')).toThrow('EXPORTS_S3_URL')
  })
})
