// Device tokens (server/auth/device-token.ts): accepted only as issued, for the account they name,
// by any instance with the same secret, and not after they expire.
import { expect, test } from 'vitest'
import { DEVICE_TOKEN_TTL_MS, deviceTokenSigner } from '../../server/auth/device-token.ts'

const now = new Date('2030-06-01T12:00:00Z')
const userId = '0b6a3c55-8d4e-4b4f-9a55-3c1f2b7e9d10'

test('a token names its device to any signer with the same secret, for its own account only', () => {
  const token = deviceTokenSigner('secret-one-of-at-least-32-characters').issue(userId, now)
  const device = deviceTokenSigner('secret-one-of-at-least-32-characters').deviceOf(token, userId, now)
  expect(device).toEqual(expect.any(String))
  expect(deviceTokenSigner('secret-two-of-at-least-32-characters').deviceOf(token, userId, now)).toBeNull()
  expect(deviceTokenSigner('secret-one-of-at-least-32-characters').deviceOf(token, '7d3f1a22-0c4e-4a51-8e0f-2b6c9d4e1f30', now)).toBeNull()
})

test('a renewed token keeps its device id', () => {
  const signer = deviceTokenSigner('secret-one-of-at-least-32-characters')
  const device = signer.deviceOf(signer.issue(userId, now), userId, now)!
  const renewed = signer.issue(userId, new Date(now.getTime() + 1000), device)
  expect(signer.deviceOf(renewed, userId, now)).toBe(device)
})

test('an altered, truncated or expired token names no device', () => {
  const signer = deviceTokenSigner('secret-one-of-at-least-32-characters')
  const token = signer.issue(userId, now)
  const [owner, issued, device, signature] = token.split('.')
  expect(signer.deviceOf(`${owner}.${issued}.other${device}.${signature}`, userId, now)).toBeNull()
  expect(signer.deviceOf(`${owner}.${(Number.parseInt(issued!, 36) + 1).toString(36)}.${device}.${signature}`, userId, now)).toBeNull()
  expect(signer.deviceOf(token.slice(0, -1), userId, now)).toBeNull()
  expect(signer.deviceOf('', userId, now)).toBeNull()
  expect(signer.deviceOf(undefined, userId, now)).toBeNull()
  expect(signer.deviceOf(token, userId, new Date(now.getTime() + DEVICE_TOKEN_TTL_MS - 1000))).not.toBeNull()
  expect(signer.deviceOf(token, userId, new Date(now.getTime() + DEVICE_TOKEN_TTL_MS))).toBeNull()
})
