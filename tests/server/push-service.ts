// A stand-in push service (RFC 8030) on a free loopback port, with a browser's side of a subscription: it
// receives what the server sends, keeps the request's headers, and decrypts the body (RFC 8291,
// aes128gcm) with the subscription's private key — exactly what a browser's push service hands the
// browser. A test switches its answer: 201 accepted, 410 gone, 500 failing.
import { createECDH, createVerify, randomBytes, createPublicKey } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  payload: unknown
}

export interface TestPushService {
  origin: string
  status: 201 | 404 | 410 | 500
  /** Endpoints answered 500 whatever `status` says. */
  failing: Set<string>
  received: ReceivedPush[]
  /** A new browser subscription on this service: what PushSubscription.toJSON() would give. */
  subscription(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  close(): Promise<void>
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>()
  const received: ReceivedPush[] = []
  const service: TestPushService = {
    origin: '',
    status: 201,
    failing: new Set(),
    received,
    subscription() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16).toString('base64url')
      const id = randomBytes(8).toString('hex')
      devices.set(`/push/${id}`, { ecdh, auth })
      return { endpoint: `${service.origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const device = devices.get(request.url ?? '')
      const status = service.failing.has(`${service.origin}${request.url}`) ? 500 : service.status
      if (status === 201 && device) {
        const body = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth })
        received.push({ path: request.url ?? '', headers: request.headers, payload: JSON.parse(body.toString('utf8')) })
      }
      response.writeHead(device ? status : 404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return service
}

/**
 * Checks a push request's VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 * with ES256 by that key, for this service's origin. Returns the JWT's claims.
 */
export function verifiedVapidClaims(authorization: string, origin: string): { aud: string; exp: number; sub: string; key: string } {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization)
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`)
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string]
  const raw = Buffer.from(match[2]!, 'base64url')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' })
  const verifier = createVerify('SHA256')
  verifier.update(`${header}.${claims}`)
  if (!verifier.verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('VAPID signature does not verify')
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string }
  if (parsed.aud !== origin) throw new Error(`VAPID audience ${parsed.aud} is not ${origin}`)
  return { ...parsed, key: match[2]! }
}
