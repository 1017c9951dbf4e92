// The S3-compatible FileStore (AWS S3, Cloudflare R2, MinIO, …), selected when S3_BUCKET is set.
// Requests are signed with AWS Signature Version 4 on node:crypto and sent with fetch: no SDK, since
// three object calls do not justify megabytes of dependency. Keys follow the same rule as on disk.
import { createHash, createHmac } from 'node:crypto'
import { isFileKey, type FileStore } from './storage.ts'

export interface S3Config {
  /** e.g. https://s3.us-east-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** true: `${endpoint}/${bucket}/${key}`; false: `${bucket}.${endpoint host}/${key}` (virtual-hosted). */
  forcePathStyle: boolean
}

export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** 's3' unless signing for another service. */
  service?: string
}

export interface SigV4Request {
  method: string
  url: URL
  /** Headers to sign and send besides host, x-amz-date and x-amz-content-sha256 (added here). */
  headers?: Record<string, string>
  /** Hex SHA-256 of the body (sha256Hex), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string
}

export const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, in upper-case hex. */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** The path as S3 canonicalises it: each segment decoded once and encoded again (S3 does not double-encode). */
function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return uriEncode(decodeURIComponent(segment))
      } catch {
        return uriEncode(segment)
      }
    })
    .join('/')
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, aValue], [b, bValue]) => (a < b ? -1 : a > b ? 1 : aValue < bValue ? -1 : aValue > bValue ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

/** '20130524T000000Z' */
const amzDate = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/**
 * Signs a request (AWS Signature Version 4, header-based) and returns the headers to send with it:
 * the given ones plus x-amz-date, x-amz-content-sha256 and authorization. `host` is signed from the
 * URL but not returned — fetch sets it from the same URL.
 */
export function signV4(request: SigV4Request, credentials: SigV4Credentials, now: Date): Record<string, string> {
  const date = amzDate(now)
  const scope = `${date.slice(0, 8)}/${credentials.region}/${credentials.service ?? 's3'}/aws4_request`
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value
  headers['x-amz-date'] = date
  headers['x-amz-content-sha256'] = request.payloadHash
  const signed: Record<string, string> = { ...headers, host: request.url.host }
  const names = Object.keys(signed).sort()
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url.pathname),
    canonicalQuery(request.url),
    names.map((name) => `${name}:${signed[name]!.trim().replace(/\s+/g, ' ')}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n')
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n')
  let key: Uint8Array = hmac(`AWS4${credentials.secretAccessKey}`, date.slice(0, 8))
  for (const part of [credentials.region, credentials.service ?? 's3', 'aws4_request']) key = hmac(key, part)
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`
  return headers
}

export interface S3StoreOptions {
  fetch?: typeof fetch
  now?: () => Date
  /** Per request; a 25 MB document on a slow uplink to the bucket still fits. */
  timeoutMs?: number
}

/** S3's error code from its XML error body, for a readable failure. */
async function errorCode(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  return /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText
}

export function s3FileStore(config: S3Config, options: S3StoreOptions = {}): FileStore {
  const send = options.fetch ?? fetch
  const clock = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 120_000
  const endpoint = new URL(config.endpoint)
  const basePath = endpoint.pathname.replace(/\/+$/, '')
  const credentials: SigV4Credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  }

  const urlOf = (key: string): URL => {
    const encodedKey = key.split('/').map(uriEncode).join('/')
    if (config.forcePathStyle) return new URL(`${endpoint.origin}${basePath}/${uriEncode(config.bucket)}/${encodedKey}`)
    return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${basePath}/${encodedKey}`)
  }

  const request = (method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    const url = urlOf(key)
    const signed = signV4({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, credentials, clock())
    return send(url, {
      method,
      headers: signed,
      // Copied into a plain ArrayBuffer-backed array, the byte type fetch's BodyInit takes.
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    })
  }

  return {
    async put(key, bytes, contentType) {
      if (!isFileKey(key)) throw new Error(`invalid file key ${key}`)
      const response = await request('PUT', key, bytes, { 'content-type': contentType })
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await errorCode(response)}`)
      await response.body?.cancel()
    },
    async get(key) {
      if (!isFileKey(key)) return null
      const response = await request('GET', key)
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status} ${await errorCode(response)}`)
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return
      const response = await request('DELETE', key)
      // Deleting what is already gone is done, as on disk.
      if (!response.ok && response.status !== 404) {
        throw new Error(`S3 DELETE ${key} failed: ${response.status} ${await errorCode(response)}`)
      }
      await response.body?.cancel()
    },
  }
}
