import { createECDH } from 'node:crypto'
import webPush from 'web-push'
import { base64urlBytes, isUncompressedP256Point } from './p256-point'

/** A school's VAPID key pair (RFC 8292), each half base64url as browsers' `applicationServerKey` and web-push take it. */
export interface VapidKeyPair {
  publicKey: string
  privateKey: string
}

/**
 * A fresh key pair, made once per school on first use and kept: every browser's subscription is
 * bound to the public key it was made with, so a new pair would silence every subscribed phone.
 */
export function makeVapidKeys(): VapidKeyPair {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys()
  return { publicKey, privateKey }
}

/** Whether `keys` is a usable pair: a P-256 point, a 32-byte scalar, and the point is the scalar's (a kept pair read back intact). */
export function isVapidKeyPair(keys: unknown): keys is VapidKeyPair {
  if (typeof keys !== 'object' || keys === null) return false
  const { publicKey, privateKey } = keys as Record<string, unknown>
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return false
  const point = base64urlBytes(publicKey)
  const scalar = base64urlBytes(privateKey)
  if (!point || !scalar || scalar.length !== 32 || !isUncompressedP256Point(point)) return false
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(scalar)
    return ecdh.getPublicKey().equals(point)
  } catch {
    // Zero or a scalar not below the curve's order.
    return false
  }
}
