// A small load balancer for the cluster test, as the README asks of one: each request goes to the next
// healthy instance in turn (no stickiness, not even per connection), bodies are streamed both ways,
// headers pass through untouched (a client's X-Forwarded-For included: this proxy adds none), and
// `GET /api/health` is polled so an instance that stops answering, or answers 503, gets no traffic until
// it is back. An instance that refuses a connection is taken out at once and the request answered 502.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What the proxy did with one request. */
export interface Forwarded {
  /** Index of the instance it went to. */
  upstream: number
  method: string
  path: string
  /** The instance's status (known when `beforeRelay` sees it), 502 when it gave none, null while in flight or once the client was cut off. */
  status: number | null
}

/** What `beforeRelay` may tell the proxy: relay the instance's answer, or cut the client off without one. */
export type RelayDecision = 'relay' | 'cut'

export interface ProxyOptions {
  /** Port to listen on (loopback); a free one when left out. */
  port?: number
  healthPath?: string
  healthEveryMs?: number
  /**
   * Called when an instance's answer has arrived, before any of it is sent on: a test can kill the
   * instance there, or lose the answer ('cut'), as a load balancer losing its connection would.
   */
  beforeRelay?: (request: Forwarded) => Promise<RelayDecision> | RelayDecision
}

export interface RoundRobinProxy {
  url: string
  apiUrl: string
  /** Every request forwarded so far, in arrival order. */
  log: readonly Forwarded[]
  /** Requests each instance was sent, by index. */
  served: () => number[]
  /** Whether the health check (or a refused connection) currently counts the instance out. */
  isUp: (upstream: number) => boolean
  /** Resolves once the instance is back in the rotation (a passed health check). */
  waitUntilUp: (upstream: number, timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

/** Connection-scoped headers (RFC 9110 §7.6.1): they describe one hop, so they are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', 'proxy-authenticate'])

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())))
}

const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE'])

export async function startRoundRobinProxy(upstreams: readonly string[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  const healthPath = options.healthPath ?? '/api/health'
  const healthEveryMs = options.healthEveryMs ?? 200
  const targets = upstreams.map((upstream) => new URL(upstream))
  const up = targets.map(() => true)
  const log: Forwarded[] = []
  let turn = 0
  const agent = new http.Agent({ keepAlive: true })

  /** The next instance in turn that is up; when none is, the next in turn (it answers 502 if still down). */
  function pick(): number {
    for (let tried = 0; tried < targets.length; tried++) {
      const index = (turn + tried) % targets.length
      if (up[index]) {
        turn = index + 1
        return index
      }
    }
    return turn++ % targets.length
  }

  function badGateway(response: ServerResponse, entry: Forwarded) {
    entry.status = 502
    if (response.headersSent) {
      response.destroy()
      return
    }
    response.writeHead(502, { 'content-type': 'application/json', connection: 'close' })
    response.end(JSON.stringify({ message: 'The server cannot be reached right now. Please try again in a moment.' }))
  }

  function forward(request: IncomingMessage, response: ServerResponse) {
    const index = pick()
    const target = targets[index]!
    const entry: Forwarded = { upstream: index, method: request.method ?? 'GET', path: request.url ?? '/', status: null }
    log.push(entry)
    const outgoing = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: forwardable(request.headers),
      agent,
    })
    outgoing.on('response', (answer) => {
      void (async () => {
        entry.status = answer.statusCode ?? 502
        const decision = options.beforeRelay ? await options.beforeRelay(entry) : 'relay'
        if (decision === 'cut') {
          entry.status = null
          answer.destroy()
          request.socket.destroy()
          return
        }
        response.writeHead(entry.status, answer.statusMessage, forwardable(answer.headers))
        answer.pipe(response)
        // The instance died mid-answer: the client must see a broken answer, not a short one.
        answer.on('error', () => response.destroy())
        answer.on('aborted', () => response.destroy())
      })().catch(() => response.destroy())
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (REFUSED.has(error.code ?? '')) up[index] = false
      badGateway(response, entry)
    })
    // The client gave up (or was cut off): so does the request to the instance.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy()
    })
    request.pipe(outgoing)
  }

  const server = http.createServer(forward)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  let checking = false
  const check = async () => {
    if (checking) return
    checking = true
    await Promise.all(
      targets.map(async (target, index) => {
        try {
          const answer = await fetch(new URL(healthPath, target), { signal: AbortSignal.timeout(1_000) })
          await answer.arrayBuffer()
          up[index] = answer.status === 200
        } catch {
          up[index] = false
        }
      }),
    )
    checking = false
  }
  const health = setInterval(() => void check(), healthEveryMs)

  return {
    url: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port}/api`,
    log,
    served: () => targets.map((_, index) => log.filter((entry) => entry.upstream === index).length),
    isUp: (upstream) => up[upstream] === true,
    waitUntilUp: async (upstream, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      while (!up[upstream]) {
        if (Date.now() > deadline) throw new Error(`instance ${upstream} did not pass a health check within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, healthEveryMs))
      }
    },
    close: async () => {
      clearInterval(health)
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
      agent.destroy()
    },
  }
}
