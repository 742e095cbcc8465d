import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import { signedLinkSeconds, StorageUnavailable, StoredObjectMissing, type ExportStorage } from './export-storage'

/** How long the bucket has to begin answering a read or removal, and an upload to be taken whole, before it counts as down. */
const answerWithinMs = 15_000
const uploadWithinMs = 300_000

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …), path-style, signed with aws4fetch. Files are
 * uploaded streaming, signed with their own SHA-256, so the store refuses bytes that changed on the way.
 * A bucket that cannot be reached, or answers 5xx, is StorageUnavailable; a key it does not hold, StoredObjectMissing.
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
  // The key is made of ids (never a name), so it may appear in a message; the address's keys never do.
  const call = async (key: string, what: string, init: RequestInit, withinMs = answerWithinMs) => {
    let response: Response
    try {
      response = await client.fetch(objectUrl(key), { ...init, signal: AbortSignal.timeout(withinMs) })
    } catch (error) {
      throw new StorageUnavailable(`The file bucket could not be reached to ${what} ${key}: ${(error as Error).name}`)
    }
    if (response.ok) return response
    await response.body?.cancel()
    if (response.status >= 500) throw new StorageUnavailable(`The file bucket failed to ${what} ${key}: HTTP ${response.status}`)
    if (response.status === 404) throw new StoredObjectMissing(`The file bucket holds nothing to ${what} at ${key}: HTTP 404`)
    throw new Error(`The file bucket refused to ${what} ${key}: HTTP ${response.status}`)
  }
  return {
    description: `bucket ${base}`,
    scratch,
    async keep(key, localPath, file) {
      const response = await call(key, 'store', {
        method: 'PUT',
        body: Readable.toWeb(createReadStream(localPath)) as unknown as ReadableStream,
        headers: {
          'Content-Length': String(file.bytes), 'Content-Type': file.contentType ?? 'text/csv; charset=utf-8', 'X-Amz-Content-Sha256': file.sha256Hex
        },
        // Node's fetch streams a request body only half-duplex.
        duplex: 'half'
      } as RequestInit, uploadWithinMs)
      await response.body?.cancel()
      await rm(localPath, { force: true })
    },
    async read(key) {
      const response = await call(key, 'give', {})
      if (!response.body) throw new StoredObjectMissing(`The file bucket gave no body for ${key}`)
      return Readable.fromWeb(response.body as WebReadableStream)
    },
    async remove(key) {
      try {
        const response = await call(key, 'remove', { method: 'DELETE' })
        await response.body?.cancel()
      } catch (error) {
        if (!(error instanceof StoredObjectMissing)) throw error
      }
    },
    // Asked first (HEAD), so a link is never given to bytes the bucket lacks or while it is down: the caller hears it from us.
    async link(key, file) {
      const held = await call(key, 'find', { method: 'HEAD' })
      await held.body?.cancel()
      const plainName = file.fileName.replace(/[^\w.-]/g, '_')
      const query = new URLSearchParams({
        'X-Amz-Expires': String(signedLinkSeconds),
        'response-content-disposition': `attachment; filename="${plainName}"`,
        'response-content-type': file.contentType
      })
      const signed = await client.sign(`${objectUrl(key)}?${query}`, { method: 'GET', aws: { signQuery: true } })
      return signed.url
    }
  }
}
