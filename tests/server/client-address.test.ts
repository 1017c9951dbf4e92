// Which address a request is counted under (server/auth/client-ip.ts): the socket's unless TRUST_PROXY
// says how many proxies append to X-Forwarded-For, IPv4-mapped addresses as IPv4, IPv6 per /64.
import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { clientIp, limitAddress } from '../../server/auth/client-ip.ts'

function addressOf(trustedHops: number, socket: string, forwarded?: string): Promise<string> {
  const app = new Hono()
  app.get('/', (c) => c.text(clientIp(c, trustedHops)))
  const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }
  return Promise.resolve(app.request('/', { headers }, { incoming: { socket: { remoteAddress: socket } } })).then((response) => response.text())
}

test('with no proxy trusted, X-Forwarded-For is ignored and the socket address counts', async () => {
  expect(await addressOf(0, '203.0.113.1', '198.51.100.9')).toBe('203.0.113.1')
})

test('with N proxies trusted, the Nth entry from the right counts', async () => {
  expect(await addressOf(1, '10.0.0.1', 'forged, 198.51.100.9')).toBe('198.51.100.9')
  expect(await addressOf(2, '10.0.0.1', 'forged, 198.51.100.9, 10.0.0.7')).toBe('198.51.100.9')
})

test('with fewer entries than trusted proxies the furthest entry counts, and with none the socket', async () => {
  expect(await addressOf(3, '10.0.0.1', '198.51.100.9, 10.0.0.7')).toBe('198.51.100.9')
  expect(await addressOf(1, '10.0.0.1')).toBe('10.0.0.1')
  expect(await addressOf(1, '10.0.0.1', ' , ')).toBe('10.0.0.1')
})

test('IPv4-mapped IPv6 counts as IPv4, IPv6 as its /64, anything else as written', () => {
  expect(limitAddress('::ffff:203.0.113.4')).toBe('203.0.113.4')
  expect(limitAddress('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64')
  expect(limitAddress('2001:DB8:0:1::1')).toBe('2001:db8:0:1::/64')
  expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64')
  expect(limitAddress('::1')).toBe('0:0:0:0::/64')
  expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  expect(limitAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
  expect(limitAddress('unknown')).toBe('unknown')
})
