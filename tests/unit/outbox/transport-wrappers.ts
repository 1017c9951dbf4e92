// Transports that stand between the outbox and the real server to misbehave on purpose: networks
// that drop, replies lost after the server committed, requests held open.
import type { Transport, TransportRequest, TransportResponse } from '../../../src/outbox/transport.ts'

/** Fails every request whose path matches with a network error, until `heal()`. */
export function cutOff(inner: Transport, matches: (request: TransportRequest) => boolean = () => true) {
  let down = true
  const transport: Transport = {
    send: (request, onProgress) => (down && matches(request) ? Promise.reject(new TypeError('Failed to fetch')) : inner.send(request, onProgress)),
  }
  return { transport, heal: () => void (down = false) }
}

/** Answers with `status` and `body` without reaching the server, for requests that match. */
export function answering(inner: Transport, status: number, body: unknown, matches: (request: TransportRequest) => boolean = () => true): Transport {
  return {
    send: (request, onProgress) => (matches(request) ? Promise.resolve({ status, body }) : inner.send(request, onProgress)),
  }
}

/** Holds every request until released, counting how many are open at once. */
export function holding(inner: Transport) {
  const waiting: (() => void)[] = []
  let open = 0
  let mostOpen = 0
  const arrivals: (() => void)[] = []
  const transport: Transport = {
    async send(request, onProgress): Promise<TransportResponse> {
      open++
      mostOpen = Math.max(mostOpen, open)
      await new Promise<void>((resolve) => {
        waiting.push(resolve)
        arrivals.splice(0).forEach((notify) => notify())
      })
      try {
        return await inner.send(request, onProgress)
      } finally {
        open--
      }
    },
  }
  return {
    transport,
    get open() {
      return open
    },
    get mostOpen() {
      return mostOpen
    },
    /** Resolves once `count` requests are being held. */
    async untilHeld(count: number): Promise<void> {
      while (waiting.length < count) await new Promise<void>((resolve) => arrivals.push(resolve))
    },
    releaseAll(): void {
      waiting.splice(0).forEach((release) => release())
    },
  }
}

/** Delivers every request that matches, then loses its reply: the server committed, the phone never heard. */
export function replyLost(inner: Transport, matches: (request: TransportRequest) => boolean = () => true): Transport {
  return {
    async send(request, onProgress) {
      const response = await inner.send(request, onProgress)
      if (matches(request)) throw new TypeError('Failed to fetch')
      return response
    },
  }
}
