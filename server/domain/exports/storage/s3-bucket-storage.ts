import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import type { ExportStorage } from './export-storage'

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …), path-style, signed with aws4fetch. Files are
 * uploaded streaming, signed with their own SHA-256, so the store refuses bytes that changed on the way.
 */
export function s3BucketStorage(address: string, scratch = join(tmpdir(), 'rollbook-exports-partial')): ExportStorage {
  const url = new URL(address)
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '')
  if (!bucket || !url.username || !url.password) throw new Error('EXPORTS_S3_URL is https://ACCESS_KEY:SECRET@host/bucket[?region=…]')
  const client = new AwsClient({
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    service: 's3',
    region: url.searchParams.get('region') ?? 'us-east-1',
    retries: 0
  })
  const base = `${url.protocol}//${url.host}/${bucket}`
  const objectUrl = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`
  const refused = async (response: Response, what: string) => {
    await response.body?.cancel()
    return new Error(`The export bucket refused to ${what}: HTTP ${response.status}`)
  }
  return {
    description: `bucket ${base}`,
    scratch,
    async keep(key, localPath, file) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: Readable.toWeb(createReadStream(localPath)) as unknown as ReadableStream,
        headers: { 'Content-Length': String(file.bytes), 'Content-Type': 'text/csv; charset=utf-8', 'X-Amz-Content-Sha256': file.sha256Hex },
        // Node's fetch streams a request body only half-duplex.
        duplex: 'half'
      } as RequestInit)
      if (!response.ok) throw await refused(response, `store ${key}`)
      await response.body?.cancel()
      await rm(localPath, { force: true })
    },
    async read(key) {
      const response = await client.fetch(objectUrl(key))
      if (!response.ok || !response.body) throw await refused(response, `give ${key}`)
      return Readable.fromWeb(response.body as WebReadableStream)
    },
    async remove(key) {
      const response = await client.fetch(objectUrl(key), { method: 'DELETE' })
      await response.body?.cancel()
      if (!response.ok && response.status !== 404) throw new Error(`The export bucket refused to remove ${key}: HTTP ${response.status}`)
    }
  }
}
