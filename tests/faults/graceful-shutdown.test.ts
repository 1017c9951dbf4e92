// SIGTERM, as an orchestrator sends it before replacing an instance: the server stops taking new
// connections, lets the request in flight finish with its normal answer (told to close its connection),
// then closes the database and exits 0. A request that outlives DRAIN_TIMEOUT_SECONDS is cut off and the
// process still exits 0.
import { request, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { ALEX, PASSWORD, serverProcess, type ServerProcess } from './fault-harness.ts'

let server: ServerProcess | undefined
afterEach(async () => {
  await server?.dispose()
  server = undefined
})

interface SlowSignIn {
  /** Sends the rest of the body. */
  finish: () => void
  answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>
  request: ClientRequest
}

/**
 * A sign-in whose body arrives in two parts. Resolves once the server has taken the request: with
 * `Expect: 100-continue` Node answers "100 Continue" only after it has parsed the headers and handed
 * the request on, so no guessing with a pause.
 */
function slowSignIn(url: string): Promise<SlowSignIn> {
  const body = JSON.stringify({ email: ALEX, password: PASSWORD })
  const half = Math.floor(body.length / 2)
  return new Promise((resolve, reject) => {
    const sent = request(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
    })
    const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((done, fail) => {
      sent.once('response', (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.once('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
        response.once('error', fail)
      })
      sent.once('error', fail)
    })
    sent.once('error', reject)
    sent.once('continue', () => {
      sent.write(body.slice(0, half))
      resolve({ finish: () => sent.end(body.slice(half)), answer, request: sent })
    })
    sent.flushHeaders()
  })
}

/** True once the port refuses new connections. */
async function refusesConnections(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })
    return false
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
  }
}

async function waitUntilRefusing(url: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await refusesConnections(url)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server kept accepting connections after SIGTERM')
}

test('on SIGTERM a request in flight gets its normal answer, new connections are refused, and the process exits 0', async () => {
  server = await serverProcess()
  const signIn = await slowSignIn(server.url)
  const stopped = server.stop('SIGTERM')

  await waitUntilRefusing(server.url)
  expect(server.alive(), 'the server exited with a request in flight').toBe(true)
  signIn.finish()

  const answer = await signIn.answer
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.body)).toMatchObject({ token: expect.any(String), user: { _id: expect.any(String) } })
  expect(answer.headers.connection).toBe('close')
  expect(await stopped).toEqual({ code: 0, signal: null })
  expect(server.output()).toContain('SIGTERM: finishing 1 request(s) in flight')
})

test('a request still unfinished when the drain timeout ends is cut off, and the process exits 0', async () => {
  server = await serverProcess({ DRAIN_TIMEOUT_SECONDS: '1' })
  const signIn = await slowSignIn(server.url)
  const cut = signIn.answer.then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  )
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
  expect(await cut).toBe('ECONNRESET')
  expect(server.output()).toContain('1 request(s) did not finish within 1 s and were cut off')
})
