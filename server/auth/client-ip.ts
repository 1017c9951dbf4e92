// The caller's address for rate limiting. X-Forwarded-For is anyone's to write, so it is read only as far
// as TRUST_PROXY says proxies we run append to it: with N trusted hops the client is the Nth entry from
// the right (each proxy appends the address it was called from); with 0 it is the socket's address.
// An IPv6 client owns at least a /64, so its addresses count as that one prefix.
import { isIPv4, isIPv6 } from 'node:net'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** Longest address text kept; a trusted proxy should never send more, a bad one must not bloat keys. */
const MAX_ADDRESS_LENGTH = 100

export function clientIp(c: Context, trustedHops: number): string {
  const forwarded = trustedHops > 0 ? forwardedChain(c.req.header('x-forwarded-for')) : []
  // Fewer entries than trusted hops: the furthest one known, as Express's `trust proxy` does.
  const address = forwarded.length > 0 ? forwarded[Math.max(forwarded.length - trustedHops, 0)]! : socketAddress(c)
  return limitAddress(address.slice(0, MAX_ADDRESS_LENGTH))
}

function forwardedChain(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** The peer of the TCP connection; app.request() in tests passes it as the node-server bindings do. */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** IPv4 as is (also when IPv4-mapped), IPv6 as its /64 prefix, anything else as written. */
export function limitAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  const bare = address.replace(/%.*$/, '')
  if (!isIPv6(bare)) return address
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`
}

/** The eight groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address
  const ipv4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0')
  return [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups].map((group) => parseInt(group, 16).toString(16))
}
