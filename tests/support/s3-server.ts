/**
 * A real S3-compatible server for a test file: s3rver (npm, pinned in devDependencies) keeps the objects in a
 * temporary folder, behind a small front on loopback that checks what s3rver does not: every request signed
 * with AWS Signature V4 under the test's keys (in the Authorization header, or a presigned URL's query within
 * its X-Amz-Expires), and an upload's bytes matching the SHA-256 they were signed with. s3rver 3.7 parses a V4
 * signature but never computes it, and takes any body; the front recomputes the signature with aws4fetch,
 * the signer the service uses, so a request signed wrong is refused as S3 refuses it (403
 * SignatureDoesNotMatch, 400 XAmzContentSHA256Mismatch). Both run in the test's own process: `stop` (in
 * `afterAll`) closes them and removes the folder. `down`/`up` close and reopen the front on the same port,
 * for a bucket that stops answering mid-test.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AwsV4Signer } from 'aws4fetch'
import S3rver from 's3rver'

export interface S3Server {
  /** `http://KEY:SECRET@127.0.0.1:PORT/BUCKET?region=…`, as `EXPORTS_S3_URL` takes it. */
  url: string
  bucket: string
  port: number
  /** The keys of the objects in the bucket now, read from s3rver's listing. */
  keys(prefix?: string): Promise<string[]>
  /** Stops answering: the port refuses connections until `up`. */
  down(): Promise<void>
  up(): Promise<void>
  stop(): Promise<void>
}

const accessKeyId = 'AKROLLBOOKTEST'
const secretAccessKey = 'rollbook-test-secret'
const region = 'eu-test-1'

function refuse(response: ServerResponse, status: number, code: string) {
  response.writeHead(status, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
}

/** Recomputes the request's V4 signature with aws4fetch from what it says it signed; the problem's S3 code, or undefined when it holds. */
async function signatureProblem(request: IncomingMessage, body: Buffer): Promise<{ status: number, code: string } | undefined> {
  const url = new URL(request.url!, `http://${request.headers.host}`)
  const header = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([\w;-]+), ?Signature=([0-9a-f]{64})$/
    .exec(request.headers.authorization ?? '')
  const query = url.searchParams.get('X-Amz-Signature')
  if (!header && !query) return { status: 403, code: 'AccessDenied' }
  const keyId = header ? header[1] : url.searchParams.get('X-Amz-Credential')?.split('/')[0]
  if (keyId !== accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' }
  const datetime = header ? String(request.headers['x-amz-date']) : url.searchParams.get('X-Amz-Date') ?? ''
  const signedNames = (header ? header[4]! : url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';').filter(name => name !== 'host')
  const headers = new Headers(signedNames.map(name => [name, String(request.headers[name] ?? '')]))
  if (!header) {
    const expires = Number(url.searchParams.get('X-Amz-Expires'))
    const signedAt = Date.parse(datetime.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
    if (!(expires > 0) || !(Date.now() < signedAt + expires * 1000)) return { status: 403, code: 'AccessDenied' }
    url.searchParams.delete('X-Amz-Signature')
  }
  const signer = new AwsV4Signer({
    method: request.method, url: url.toString(), headers, accessKeyId, secretAccessKey, service: 's3', region, datetime, signQuery: !header, allHeaders: true
  })
  if (await signer.signature() !== (header ? header[5] : query)) return { status: 403, code: 'SignatureDoesNotMatch' }
  const declared = request.headers['x-amz-content-sha256']
  if (header && declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex')) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch' }
  }
  return undefined
}

/** Starts s3rver with one bucket and its checking front on loopback ports of their own. */
export async function startS3Server(bucket = 'rollbook-test'): Promise<S3Server> {
  const folder = mkdtempSync(join(tmpdir(), 'rollbook-s3-'))
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port: backPort } = await s3rver.run() as unknown as AddressInfo
  const forward = (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const url = new URL(request.url!, 'http://front')
    // Checked here already: s3rver is handed its own key (it parses a V4 signature but never computes it), since it
    // serves a link's response-content-disposition only to a signed request, as S3 does.
    const credential = url.searchParams.get('X-Amz-Credential')
    if (credential) url.searchParams.set('X-Amz-Credential', credential.replace(/^[^/]+/, 'S3RVER'))
    const headers = { ...request.headers, host: `127.0.0.1:${backPort}` }
    delete headers.authorization
    const back = httpRequest({ host: '127.0.0.1', port: backPort, method: request.method, path: url.pathname + url.search, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    back.on('error', () => refuse(response, 502, 'BadGateway'))
    back.end(body)
  }
  const sockets = new Set<Socket>()
  const front: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const problem = await signatureProblem(request, body)
    if (problem) return refuse(response, problem.status, problem.code)
    forward(request, body, response)
  })
  front.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const listen = (port: number) => new Promise<void>((done, fail) => front.once('error', fail).listen(port, '127.0.0.1', () => done()))
  const close = () => new Promise<void>((done) => {
    front.close(() => done())
    for (const socket of sockets) socket.destroy()
  })
  await listen(0)
  const port = (front.address() as AddressInfo).port
  return {
    url: `http://${accessKeyId}:${secretAccessKey}@127.0.0.1:${port}/${bucket}?region=${region}`,
    bucket,
    port,
    async keys(prefix = '') {
      const answer = await fetch(`http://127.0.0.1:${backPort}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`)
      return [...(await answer.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map(match => match[1]!)
    },
    down: close,
    up: () => listen(port),
    async stop() {
      if (front.listening) await close()
      await s3rver.close()
      rmSync(folder, { recursive: true, force: true })
    }
  }
}
