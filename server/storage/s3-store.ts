// The S3-compatible FileStore (AWS S3, Cloudflare R2, MinIO, …), selected when S3_BUCKET is set. One
// S3Client per store, made once at start-up and kept, so connections and credentials are reused;
// large bodies go up as multipart uploads (lib-storage) that are aborted on failure. Why this client:
// docs/decisions/006-s3-client.md. Keys follow the same rule as on disk.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { Readable } from 'node:stream'
import { parseContentRange, rangeHeader } from './byte-range.ts'
import { discard, emptyStream, nodeReadableOf, sizeChecked, webStreamOf } from './byte-streams.ts'
import { s3ResumableUploads } from './s3-resumable-uploads.ts'
import { FileStoreUnavailableError, isFileKey, type FileStore } from './storage.ts'

export interface S3Credentials {
  accessKeyId: string
  secretAccessKey: string
  /** Set with temporary credentials (STS, SSO): they are only valid with it. */
  sessionToken?: string
}

export interface S3Config {
  /** e.g. https://<account>.r2.cloudflarestorage.com, http://minio:9000; AWS's own endpoint for the region when absent. */
  endpoint?: string
  bucket: string
  region: string
  /** Static keys; when absent the SDK's default credential chain finds them (env, profile, ECS or EC2 instance role). */
  credentials?: S3Credentials
  /** true: `${endpoint}/${bucket}/${key}`; false: `${bucket}.${endpoint host}/${key}` (virtual-hosted). */
  forcePathStyle: boolean
}

export interface S3StoreOptions {
  /** Bytes per part of a multipart upload; S3's minimum, 5 MiB, by default. */
  partSize?: number
  /** Parts of one upload sent at once; each holds a part in memory. */
  queueSize?: number
}

export interface S3FileStore extends FileStore {
  /** Closes the kept client's connections (shutdown, tests). */
  destroy(): void
}

/** Tries per request (the first and two retries), with the SDK's standard backoff and retry quota. */
const S3_MAX_ATTEMPTS = 3
const MIN_PART_SIZE = 5 * 1024 * 1024

const errorName = (error: unknown) => (error instanceof Error ? error.name : String(error))
/** A socket error's code (ECONNREFUSED) says more than its name (Error); S3's own errors are named for their code. */
const failureName = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return typeof code === 'string' ? code : errorName(error)
}
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode

/**
 * Any failure of S3 itself — refused or dropped connections, timeouts, 5xx after the retries, and
 * refusals of our credentials or bucket — is the store being unavailable, not a fault of the request.
 */
function unavailable(operation: string, key: string, error: unknown): FileStoreUnavailableError {
  if (error instanceof FileStoreUnavailableError) return error
  const status = statusOf(error)
  return new FileStoreUnavailableError(`S3 ${operation} ${key} failed: ${failureName(error)}${status ? ` (${status})` : ''}`, { cause: error })
}

/** The aggregated client (an S3Client with a method per command): the tus store calls it that way. */
export function s3Client(config: S3Config): S3 {
  return new S3({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    retryMode: 'standard',
    maxAttempts: S3_MAX_ATTEMPTS,
    // Checksums only where an operation requires one. By default the SDK now sends a stream body (the
    // tus store's parts, read from temp files) as `aws-chunked` with a CRC trailer, which S3 itself
    // decodes but S3-compatible stores that do not (s3rver, older MinIO and others) keep as the
    // object's bytes: a video stored with chunk framing inside it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Connecting should be quick; a socket quiet for a minute (an upload stalled, a bucket hung) is dead.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  })
}

/** The GetObject body as the web stream the files route responds with. */
function bodyStream(output: GetObjectCommandOutput): ReadableStream<Uint8Array> {
  const body = output.Body
  if (!body) return emptyStream()
  if (body instanceof Readable) return webStreamOf(body)
  return body.transformToWebStream()
}

export function s3FileStore(config: S3Config, options: S3StoreOptions = {}): S3FileStore {
  const client = s3Client(config)
  const Bucket = config.bucket
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE)
  const queueSize = options.queueSize ?? 2

  const head = async (key: string): Promise<{ size: number; contentType: string } | null> => {
    try {
      const output = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      return { size: output.ContentLength ?? 0, contentType: output.ContentType ?? 'application/octet-stream' }
    } catch (error) {
      if (errorName(error) === 'NotFound') return null
      throw unavailable('HEAD', key, error)
    }
  }

  return {
    async put(key, bytes, contentType) {
      if (!isFileKey(key)) throw new Error(`invalid file key ${key}`)
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }))
      } catch (error) {
        throw unavailable('PUT', key, error)
      }
    },

    async putStream(key, body, contentType, streamOptions = {}) {
      if (!isFileKey(key)) {
        discard(body)
        throw new Error(`invalid file key ${key}`)
      }
      const source = nodeReadableOf(body)
      // A body that breaks (the phone lost signal) or is not the promised size fails as itself, not as S3.
      const bodyFailure: { error?: unknown } = {}
      const chunks = async function* () {
        try {
          yield* sizeChecked(source, streamOptions.size)
        } catch (error) {
          bodyFailure.error = error
          throw error
        }
      }
      // A body no bigger than one part goes up as one PutObject; a bigger one as a multipart upload that
      // S3 shows under the key only once completed — and that lib-storage aborts when anything fails.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(chunks()), ContentType: contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        source.destroy()
        if ('error' in bodyFailure) throw bodyFailure.error
        throw unavailable('upload', key, error)
      }
    },

    async get(key) {
      if (!isFileKey(key)) return null
      try {
        const output = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        const bytes = output.Body ? await output.Body.transformToByteArray() : new Uint8Array()
        return { bytes, contentType: output.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        if (errorName(error) === 'NoSuchKey') return null
        throw unavailable('GET', key, error)
      }
    },

    async getStream(key, streamOptions = {}) {
      if (!isFileKey(key)) return null
      const range = streamOptions.range
      let output: GetObjectCommandOutput
      try {
        output = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? rangeHeader(range) : undefined }))
      } catch (error) {
        if (errorName(error) === 'NoSuchKey') return null
        if (range && (errorName(error) === 'InvalidRange' || statusOf(error) === 416)) {
          // The range lies beyond the end; the 416 answer names the size, which only a HEAD tells for sure.
          const found = await head(key)
          return found && { stream: emptyStream(), ...found, range: null }
        }
        throw unavailable('GET', key, error)
      }
      const contentType = output.ContentType ?? 'application/octet-stream'
      const stream = bodyStream(output)
      const partial = parseContentRange(output.ContentRange)
      if (partial) return { stream, contentType, size: partial.size, range: partial.span }
      // No Content-Range: the whole object came back (no range asked, or the server ignored it).
      return { stream, contentType, size: output.ContentLength ?? 0 }
    },

    async delete(key) {
      if (!isFileKey(key)) return
      try {
        // Deleting what is already gone succeeds on S3, as on disk.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      } catch (error) {
        throw unavailable('DELETE', key, error)
      }
    },

    destroy: () => client.destroy(),
    resumable: s3ResumableUploads(client, Bucket, { partSize }),
  }
}
