import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'

/*
 * A loopback push service (RFC 8030) for tests, as strict as a real one about what a sender must get
 * right: the VAPID JWT and its ES256 signature (RFC 8292), and a body encrypted for the subscription
 * (RFC 8291 over RFC 8188's aes128gcm). The checks and the decryption are written here with
 * node:crypto alone, not web-push's code, so that a test passing means two independent readings of
 * the RFCs agree, and a sender's fault cannot be repeated on the receiving side.
 */

export interface PushServiceSubscription {
  /** `http://127.0.0.1:<port>/push/<id>` */
  endpoint: string
  expirationTime: null
  keys: { p256dh: string, auth: string }
  id: string
}

export interface ReceivedPush {
  id: string
  /** The decrypted body, read as JSON (or the text, when it is not JSON). */
  payload: unknown
  ttl: number
  urgency: string | undefined
  topic: string | undefined
}

export interface RefusedPush {
  id: string
  status: number
  reason: string
}

interface Subscriber {
  ecdh: ECDH
  publicKey: Buffer
  auth: Buffer
  /** RFC 8292, 3.2: a subscription made with an application server key takes pushes signed with that key only. */
  applicationServerKey?: string
  refusedWith?: number
}

class Refusal extends Error {
  constructor(readonly status: number, reason: string) {
    super(reason)
  }
}

// RFC 8030, 7.2: a push service need not take more than 4096 bytes of body.
const largestBody = 4096
const jwtLongestLifeSeconds = 24 * 3600

export interface PushServiceOptions {
  /** Asked as each push arrives, before it is read: 'drop' closes the connection unanswered, as a service that went away would. */
  beforeAccept?: (id: string) => 'accept' | 'drop'
}

/** Starts the service on an ephemeral loopback port; `close()` it when done. */
export async function startPushService(options: PushServiceOptions = {}) {
  const subscribers = new Map<string, Subscriber>()
  const received: ReceivedPush[] = []
  const refused: RefusedPush[] = []
  let requests = 0
  let failing = { count: 0, status: 503 }

  const server = createServer((request, response) => {
    requests++
    const id = /^\/push\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1] ?? ''
    if (options.beforeAccept?.(id) === 'drop') {
      request.socket.destroy()
      return
    }
    readBody(request).then((body) => {
      const subscriber = subscribers.get(id)
      let status = 201
      try {
        if (request.method !== 'POST') throw new Refusal(405, 'not a POST')
        if (failing.count > 0) {
          failing.count--
          throw new Refusal(failing.status, 'failing on request')
        }
        if (!subscriber) throw new Refusal(404, 'no such subscription')
        if (subscriber.refusedWith) throw new Refusal(subscriber.refusedWith, 'subscription refused')
        received.push(checkedPush(id, subscriber, request.headers, body, origin))
      } catch (error) {
        // Anything but a Refusal is this service's own fault, answered as a real service would.
        status = error instanceof Refusal ? error.status : 500
        refused.push({ id, status, reason: error instanceof Error ? error.message : String(error) })
      }
      if (status === 201) response.setHeader('Location', `/message/${received.length}`)
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 201 ? '' : `${refused.at(-1)!.reason}\n`)
    }, () => response.destroy())
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`

  return {
    origin,
    /** Pushes decrypted and checked, in the order they came. Anything refused is not among them. */
    received,
    /** Every request answered other than 201, with the service's reason. */
    refused,
    /** How many requests reached the service, whatever their answer. */
    requestCount: () => requests,
    /** A fresh subscription, as a browser's `PushSubscription.toJSON()` gives it, with its id here. */
    subscribe(options: { applicationServerKey?: string } = {}): PushServiceSubscription {
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = randomBytes(8).toString('hex')
      subscribers.set(id, { ecdh, publicKey, auth, applicationServerKey: options.applicationServerKey })
      return {
        endpoint: `${origin}/push/${id}`, expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') }, id
      }
    },
    /** Answers `status` (410: unsubscribed) to every push for `id` from now on. */
    refuse(id: string, status: number) {
      const subscriber = subscribers.get(id)
      if (!subscriber) throw new Error(`No subscription ${id}.`)
      subscriber.refusedWith = status
    },
    /** Answers `status` (503, 429) to the next `count` requests, whatever they are. */
    failFor(count: number, status: number) {
      failing = { count, status }
    },
    close: () => new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  }
}

export type PushService = Awaited<ReturnType<typeof startPushService>>

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Read past the limit only far enough to know it was passed.
      if (size <= largestBody + 1) chunks.push(chunk)
    })
    request.on('end', () => done(Buffer.concat(chunks)))
    request.on('error', fail)
  })
}

/** The push a request carries, or a Refusal saying which check it failed. */
function checkedPush(id: string, subscriber: Subscriber, headers: IncomingHttpHeaders, body: Buffer, origin: string): ReceivedPush {
  checkVapid(headers.authorization, origin, subscriber.applicationServerKey)
  if (headers['content-encoding'] !== 'aes128gcm') throw new Refusal(400, 'Content-Encoding is not aes128gcm')
  const ttl = headers.ttl
  if (ttl === undefined || !/^\d+$/.test(ttl as string)) throw new Refusal(400, 'no TTL, or not whole seconds')
  if (body.length > largestBody) throw new Refusal(413, 'body larger than 4096 bytes')
  const text = decrypt(body, subscriber).toString('utf8')
  let payload: unknown = text
  try {
    payload = JSON.parse(text)
  } catch {}
  const one = (value: string | string[] | undefined) => Array.isArray(value) ? value[0] : value
  return { id, payload, ttl: Number(ttl), urgency: one(headers.urgency), topic: one(headers.topic) }
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key for this origin. */
function checkVapid(authorization: string | undefined, origin: string, boundKey: string | undefined) {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? '')
  if (!scheme) throw new Refusal(401, 'no vapid Authorization')
  const parameters = Object.fromEntries(scheme[1]!.split(',').map(part => part.trim().split('=', 2) as [string, string]))
  const { t: token, k: key } = parameters
  if (!token || !key) throw new Refusal(403, 'vapid Authorization without t and k')
  if (boundKey && key !== boundKey) throw new Refusal(403, 'vapid key is not the one the subscription was made with')
  const [encodedHeader, encodedClaims, encodedSignature, ...more] = token.split('.')
  if (!encodedHeader || !encodedClaims || !encodedSignature || more.length) throw new Refusal(403, 'JWT is not three parts')
  const header = jsonOf(encodedHeader)
  if (header?.typ !== 'JWT' || header?.alg !== 'ES256') throw new Refusal(403, 'JWT header is not typ JWT, alg ES256')
  const claims = jsonOf(encodedClaims)
  const now = Date.now() / 1000
  if (claims?.aud !== origin) throw new Refusal(403, 'JWT aud is not the endpoint\'s origin')
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refusal(403, 'JWT exp is not in the future')
  if (claims.exp > now + jwtLongestLifeSeconds) throw new Refusal(403, 'JWT exp is more than 24 hours ahead')
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Refusal(403, 'JWT sub is not a mailto: or https: URL')
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, 'k is not an uncompressed P-256 point')
  let publicKey
  try {
    publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk'
    })
  } catch {
    throw new Refusal(403, 'k is not on the P-256 curve')
  }
  // JOSE's ES256 signature is r || s, 32 bytes each (RFC 7518, 3.4), not DER.
  const signature = Buffer.from(encodedSignature, 'base64url')
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`)
  if (signature.length !== 64 || !verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Refusal(403, 'JWT signature does not verify with k')
  }
}

function jsonOf(encoded: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

/** RFC 5869's expand for output of at most one hash (32 bytes): T(1) = HMAC(PRK, info || 0x01). */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk).update(Buffer.concat([info, Buffer.from([1])])).digest().subarray(0, length)
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291, 3.4 and RFC 8188, 2: one aes128gcm record, keyed by ECDH with the subscription's key and its auth secret. */
function decrypt(body: Buffer, subscriber: Subscriber): Buffer {
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header')
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyIdLength = body[20]!
  // RFC 8291, 4: the key id is the sender's ephemeral public key.
  if (keyIdLength !== 65) throw new Refusal(400, 'keyid is not a 65-byte public key')
  const senderKey = body.subarray(21, 21 + keyIdLength)
  const record = body.subarray(21 + keyIdLength)
  // RFC 8291, 4: a push message is one record, so the record size is at least its length.
  if (recordSize < 18 || record.length > recordSize || record.length < 17) throw new Refusal(400, 'not one aes128gcm record within rs')
  let sharedSecret: Buffer
  try {
    sharedSecret = subscriber.ecdh.computeSecret(senderKey)
  } catch {
    throw new Refusal(400, 'keyid is not a point on P-256')
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderKey])
  const ikm = hkdfExpand(hmac(subscriber.auth, sharedSecret), keyInfo, 32)
  const prk = hmac(salt, ikm)
  const contentKey = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  // The first record's nonce is the derived one, XORed with sequence number 0.
  const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12)
  let padded: Buffer
  try {
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce)
    decipher.setAuthTag(record.subarray(-16))
    padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
  } catch {
    throw new Refusal(400, 'does not decrypt with the subscription\'s keys')
  }
  // RFC 8188, 2: the plaintext, then the last record's delimiter 0x02, then any zeros of padding.
  let end = padded.length
  while (end > 0 && padded[end - 1] === 0) end--
  if (end === 0 || padded[end - 1] !== 2) throw new Refusal(400, 'no last-record padding delimiter')
  return padded.subarray(0, end - 1)
}
