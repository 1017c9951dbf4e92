// Password hashing with scrypt. Production uses OWASP's recommended cost (N=2^17, r=8, p=1); tests may
// pass a lower N to stay fast — the parameters travel inside each hash, so verification never changes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'

export interface ScryptCost {
  N: number
  r: number
  p: number
}

export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 }

const keyLength = 64

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; Node's default cap is exactly 32 MiB, too tight for N=2^17.
    const options = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r }
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** Returns `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (!Number.isInteger(cost.N) || cost.N > 2 ** 20 || cost.r > 32 || cost.p > 16) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), cost)
  return key.length === expected.length && timingSafeEqual(key, expected)
}
