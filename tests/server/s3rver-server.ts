// A real S3 protocol server for tests: s3rver (in-process, objects in a temp directory) on a free
// loopback port, with one bucket. A test can stop it — dropping every open connection, as a crashed
// or unplugged S3 would — and start it again on the same port and data.
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Config } from '../../server/storage/s3-store.ts'

export const S3RVER_BUCKET = 'fleetyard-files'
/** s3rver's one built-in account; it checks the key id, not the V4 signature. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface RunningS3rver {
  endpoint: string
  /** Where s3rver keeps the bucket's objects (and unfinished multipart parts). */
  directory: string
  config: (overrides?: Partial<S3Config>) => S3Config
  /** Stops listening and cuts every open connection, mid-request or idle. */
  stop: () => Promise<void>
  /** Listens again on the same port, with the objects stored before. */
  start: () => Promise<void>
  dispose: () => Promise<void>
}

/** s3rver keeps its http.Server here once running (not in its published types). */
const httpServerOf = (server: S3rver) => (server as unknown as { httpServer: Server }).httpServer

export async function startS3rver(): Promise<RunningS3rver> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-s3rver-'))
  let port = 0
  let running: S3rver | null = null

  const start = async () => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: port === 0 ? [{ name: S3RVER_BUCKET, configs: [] }] : [],
    })
    port = (await server.run()).port
    running = server
  }
  const stop = async () => {
    const server = running
    if (!server) return
    running = null
    const http = httpServerOf(server)
    const closed = new Promise<void>((resolve) => http.close(() => resolve()))
    http.closeAllConnections()
    await closed
  }

  await start()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    directory,
    config: (overrides = {}) => ({
      endpoint,
      bucket: S3RVER_BUCKET,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
      ...overrides,
    }),
    stop,
    start,
    dispose: async () => {
      await stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * A TCP relay in front of an endpoint that keeps what clients send, so a test can see the headers a
 * store puts on its requests (s3rver itself ignores a session token).
 */
export async function recordingRelay(target: string): Promise<{ endpoint: string; sent: () => string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target)
  let sent = ''
  const sockets = new Set<Socket>()
  const relay = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.on('data', (chunk: Buffer) => {
      sent += chunk.toString('latin1')
    })
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const address = relay.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => relay.close(() => resolve()))
    },
  }
}
