// A tiny real HTTP server for client tests: each test says how it answers and reads what it received,
// so the ky client runs against real responses rather than mocks.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

export interface ReceivedRequest {
  method: string
  path: string
  authorization: string | undefined
  body: string
}

/**
 * How to answer a request; 'hold' leaves it unanswered until the server closes, 'drop' cuts the
 * connection with no answer (fetch fails with a network error).
 */
export type Answer = (request: ReceivedRequest) => { status: number; body?: unknown } | 'hold' | 'drop'

export interface LocalServer {
  /** Base URL to use as the client's prefix, e.g. http://127.0.0.1:4321/api */
  url: string
  received: ReceivedRequest[]
  answer: (next: Answer) => void
  close: () => Promise<void>
}

export async function startLocalServer(): Promise<LocalServer> {
  const received: ReceivedRequest[] = []
  let answer: Answer = () => ({ status: 404, body: { message: 'Not found.' } })
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', authorization: req.headers.authorization, body }
      received.push(request)
      const reply = answer(request)
      if (reply === 'hold') return
      if (reply === 'drop') {
        req.socket.destroy()
        return
      }
      res.writeHead(reply.status, { 'Content-Type': 'application/json' })
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api`,
    received,
    answer: (next) => {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A base URL where nothing listens: the address of a server that was started and stopped. */
export async function unreachableUrl(): Promise<string> {
  const server = await startLocalServer()
  await server.close()
  return server.url
}

/**
 * One local server for a test file: started before its tests, closed after them; after each test the
 * requests it received are forgotten and stubbed env vars (VITE_API_URL) restored.
 */
export function localServerForFile(): LocalServer {
  let server: LocalServer | null = null
  const live = (): LocalServer => {
    if (!server) throw new Error('the local server starts in beforeAll')
    return server
  }
  beforeAll(async () => {
    server = await startLocalServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    if (server) server.received.length = 0
  })
  return {
    get url() {
      return live().url
    },
    get received() {
      return live().received
    },
    answer: (next) => live().answer(next),
    close: () => live().close(),
  }
}
