// A real S3 protocol server for tests: s3rver (in-process, objects in a temp directory) on a free
// loopback port, with one bucket. A test can stop it — dropping every open connection, as a crashed
// or unplugged S3 would — and start it again on the same port and data.
// s3rver 3 stores multipart uploads but does not answer ListParts, AbortMultipartUpload or
// ListMultipartUploads, which the tus S3 store (@tus/s3-store) relies on to resume, remove and expire
// uploads; multipartCalls() adds them, reading s3rver's own record of each upload.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
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

/** The server's env that stores its files in `s3`'s bucket, as a deployment's S3_* would. */
export function s3rverEnv(s3: RunningS3rver): Record<string, string> {
  return {
    S3_BUCKET: S3RVER_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  }
}

/** s3rver keeps its http.Server here once running (not in its published types). */
const httpServerOf = (server: S3rver) => (server as unknown as { httpServer: Server }).httpServer

/** The few parts of s3rver's Koa context and file store the multipart calls below use (no published types). */
interface KoaContext {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
}
interface S3rverInternals {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[]
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * ListParts, AbortMultipartUpload and ListMultipartUploads over s3rver's upload folders
 * (`{bucket}/._S3rver_uploads/{uploadId}/` with `key`, and each part as `{n}` beside `{n}.md5`).
 */
function multipartCalls(server: S3rver) {
  const internals = server as unknown as S3rverInternals
  const uploadsDir = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads')
  const noSuchUpload = (ctx: KoaContext) => {
    ctx.status = 404
    ctx.type = 'application/xml'
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>'
  }
  internals.middleware.unshift(async (ctx, next) => {
    const [, bucket, ...keyParts] = ctx.path.split('/')
    const key = keyParts.map(decodeURIComponent).join('/')
    const uploadId = ctx.query.uploadId
    if (bucket && key && uploadId && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsDir(bucket), uploadId)
      if (!existsSync(dir) || readFileSync(path.join(dir, 'key'), 'utf8') !== key) return noSuchUpload(ctx)
      if (ctx.method === 'DELETE') {
        rmSync(dir, { recursive: true, force: true })
        ctx.status = 204
        ctx.body = null
        return
      }
      const parts = readdirSync(dir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map((number) => {
          const file = path.join(dir, String(number))
          const etag = readFileSync(`${file}.md5`, 'utf8')
          return `<Part><PartNumber>${number}</PartNumber><LastModified>${statSync(file).mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag><Size>${statSync(file).size}</Size></Part>`
        })
      ctx.status = 200
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
      return
    }
    if (bucket && !key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const root = uploadsDir(bucket)
      const uploads = (existsSync(root) ? readdirSync(root) : []).map((id) => {
        const dir = path.join(root, id)
        return `<Upload><Key>${xml(readFileSync(path.join(dir, 'key'), 'utf8'))}</Key><UploadId>${xml(id)}</UploadId><Initiated>${statSync(dir).birthtime.toISOString()}</Initiated></Upload>`
      })
      ctx.status = 200
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`
      return
    }
    await next()
  })
}

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
    multipartCalls(server)
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
