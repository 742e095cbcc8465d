import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A passkey authenticator in the test process, over node:crypto: ES256 keys, `none` attestation,
 * user present and verified. It answers the options the server hands out the way a browser with a
 * platform authenticator would (as @simplewebauthn/browser's JSON), so API tests can register and
 * prove passkeys without Chromium. `origin` is the server's public URL (the relying party's origin).
 */
export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname
  const rpIdHash = createHash('sha256').update(rpId).digest()
  const credentials = new Map<string, { privateKey: KeyObject, userHandle: string, counter: number }>()
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }
  function counterBytes(counter: number) {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(counter)
    return bytes
  }

  /** Makes a new credential for registration options (`credentialId` to reuse an id already made, as a cloned authenticator would). */
  function register(options: { challenge: string, user: { id: string } }, reuse?: { credentialId: string }): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const credentialId = reuse ? Buffer.from(reuse.credentialId, 'base64url') : randomBytes(32)
    const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([
      [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]
    ]))
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), counterBytes(0), Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)])
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, never> | Uint8Array>([
      ['fmt', 'none'], ['attStmt', new Map<string, never>()], ['authData', authData]
    ]))
    const id = b64url(credentialId)
    credentials.set(id, { privateKey, userHandle: options.user.id, counter: 0 })
    return {
      id, rawId: id, type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject),
        transports: ['internal' as const]
      },
      clientExtensionResults: {}, authenticatorAttachment: 'platform'
    }
  }

  /** Proves a credential this authenticator holds for authentication options (the first allowed one it has, or any when none are listed). */
  function authenticate(options: { challenge: string, allowCredentials?: { id: string }[] }, credentialId?: string): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map(credential => credential.id) ?? []
    const id = credentialId ?? [...credentials.keys()].find(known => !allowed.length || allowed.includes(known))
    const credential = id ? credentials.get(id) : undefined
    if (!id || !credential) throw new Error('The soft authenticator holds no credential these options allow')
    credential.counter += 1
    const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counterBytes(credential.counter)])
    const clientDataJSON = clientData('webauthn.get', options.challenge)
    const signature = sign('sha256', Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]), credential.privateKey)
    return {
      id, rawId: id, type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature),
        userHandle: credential.userHandle
      },
      clientExtensionResults: {}, authenticatorAttachment: 'platform'
    }
  }

  return { register, authenticate, credentialIds: () => [...credentials.keys()] }
}
