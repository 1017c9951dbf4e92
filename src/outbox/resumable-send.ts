// Sending one large capture with tus 1.0 (tus-js-client, loaded only when a first video is sent): a new
// upload, or the one whose URL the op kept, resumed from the offset the server reports — a cut or a
// reload costs the bytes in flight, not the file. Bytes are read from IndexedDB a slice at a time, so
// a long video never sits in memory whole. tus-js-client never retries by itself here: the outbox's own
// backoff, connectivity and lanes decide when to try again, as for every other op.
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client'
import { messageFromBody } from '../api/error-message.ts'
import { answerWaitMs, progressJumps } from './transport.ts'
import { m } from '../i18n/translate.ts'
import { keptMessage, UPLOAD_REFUSED_MESSAGE } from './outbox-message-text.ts'

/** Per PATCH: two stored chunks (media-store.ts); a cut loses only what was in flight either way. */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024

/** The file as tus reads it: its size, and any byte range of it. */
export interface ResumableSource {
  size: number
  type: string
  name: string
  slice(start: number, end: number): Promise<Blob>
}

export interface ResumableHooks {
  /** The upload's URL is known (created, or the kept one): keep it so a later attempt resumes it. */
  onUrl: (url: string) => Promise<void>
  onProgress: (percent: number) => void
  /**
   * Asked after each PATCH: true when the capture was removed meanwhile, so the rest is not sent (the
   * send rejects with UploadCancelled, and the caller removes the upload from the server).
   */
  cancelled?: () => Promise<boolean>
}

/** The server refused the upload (4xx that trying again will not change); the message is for people. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'UploadRefused'
  }
}

/** The capture was removed while its upload was on its way: the rest was not sent. */
export class UploadCancelled extends Error {
  constructor() {
    super(m('The capture was removed while it was being sent.'))
    this.name = 'UploadCancelled'
  }
}

/** Answers that say "not now" rather than "not this": tried again later, like no answer at all. */
const TRANSIENT = new Set([408, 409, 423, 425, 429])

type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** tus-js-client over fetch, where there is no XMLHttpRequest (the service worker, Node): no upload progress. */
export function fetchHttpStack(send: FetchLike = (input, init) => fetch(input, init)): HttpStack {
  return {
    getName: () => 'FleetyardFetchStack',
    createRequest(method: string, url: string): HttpRequest {
      const headers: Record<string, string> = {}
      const controller = new AbortController()
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name] = value),
        getHeader: (name) => headers[name],
        setProgressHandler: () => undefined,
        async send(body: unknown): Promise<HttpResponse> {
          const response = await send(url, { method, headers, body: (body ?? null) as BodyInit | null, signal: controller.signal })
          const text = await response.text()
          return {
            getStatus: () => response.status,
            getHeader: (name) => response.headers.get(name) ?? undefined,
            getBody: () => text,
            getUnderlyingObject: () => response,
          }
        },
        abort: async () => controller.abort(),
        getUnderlyingObject: () => controller,
      }
    },
  }
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return { message: text.trim() }
  }
}

/**
 * Sends `source` to `{apiUrl}/uploads` with tus, from `uploadUrl` when given; resolves with the
 * upload's URL once the server holds every byte. Rejects with UploadRefused on a refusal, with any
 * other error when no usable answer came (dropped, refused connection, stalled for `stallMs`).
 */
export async function sendResumable(
  source: ResumableSource,
  options: { apiUrl: string; uploadUrl: string | null; headers: Record<string, string>; stallMs: number; httpStack?: HttpStack },
  hooks: ResumableHooks,
): Promise<string> {
  const tus = await import('tus-js-client')
  return new Promise<string>((resolve, reject) => {
    let stall: ReturnType<typeof setTimeout> | undefined
    let stalled = false
    /** The capture was removed: the aborted PATCH's error is not the outcome. */
    let cancelling = false
    let settled = false
    /** The PATCH on its way (null between requests): its body's range, and whether all of it is handed over. */
    let patch: { start: number; end: number; handedOver: boolean } | null = null
    /** Upload progress within the PATCH on its way: a big jump may take long to cross (answerWaitMs). */
    const jumps = progressJumps()
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(stall)
      outcome()
    }
    const alive = () => {
      clearTimeout(stall)
      // Bytes of a PATCH handed over (all its body, or a big jump of it) may still be crossing a slow link (transport.ts).
      const wait = answerWaitMs(options.stallMs, patch ? (patch.handedOver ? patch.end - patch.start : jumps.largest) : 0)
      stall = setTimeout(() => {
        stalled = true
        void upload.abort().finally(() => settle(() => reject(new Error('The server took too long to answer.'))))
      }, wait)
    }
    const upload = new tus.Upload(
      // Any value our own fileReader (below) understands; tus-js-client only hands it over.
      { source } as unknown as Blob,
      {
        endpoint: `${options.apiUrl.replace(/\/+$/, '')}/uploads`,
        uploadUrl: options.uploadUrl,
        headers: options.headers,
        metadata: { filename: source.name, filetype: source.type },
        chunkSize: RESUMABLE_CHUNK_BYTES,
        retryDelays: null,
        storeFingerprintForResuming: false,
        removeFingerprintOnSuccess: false,
        // Created empty, then sent: a creation request cut off with bytes on it would leave the phone
        // without the upload's URL, and the next attempt would start over from byte 0.
        uploadDataDuringCreation: false,
        fingerprint: async () => source.name,
        fileReader: {
          openFile: async (input: { source: ResumableSource }) => ({
            size: input.source.size,
            slice: async (start: number, end: number) => {
              const value = await input.source.slice(start, Math.min(end, input.source.size))
              return { value, done: end >= input.source.size }
            },
            close: () => undefined,
          }),
        },
        ...(options.httpStack ? { httpStack: options.httpStack } : {}),
        onUploadUrlAvailable: () => {
          alive()
          if (upload.url) void hooks.onUrl(upload.url)
        },
        // tus also reports progress before a PATCH and after its answer; only bytes of a PATCH under way count as handed over.
        onBeforeRequest: (request) => {
          if (request.getMethod() !== 'PATCH') return
          const start = Number(request.getHeader('Upload-Offset') ?? 0)
          patch = { start, end: Math.min(start + RESUMABLE_CHUNK_BYTES, source.size), handedOver: false }
          jumps.reset(start)
        },
        onAfterResponse: () => {
          patch = null
        },
        onProgress: (sent, total) => {
          if (patch) {
            if (sent >= patch.end) patch.handedOver = true
            jumps.seen(sent)
          }
          alive()
          hooks.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0)
        },
        onChunkComplete: () => {
          alive()
          void hooks.cancelled?.().then((removed) => {
            if (!removed || settled) return
            cancelling = true
            void upload.abort().finally(() => settle(() => reject(new UploadCancelled())))
          })
        },
        onSuccess: () => settle(() => resolve(upload.url ?? '')),
        onError: (error) => {
          if (stalled || cancelling) return
          const response = (error as { originalResponse?: HttpResponse | null }).originalResponse
          const status = response?.getStatus() ?? 0
          settle(() => {
            if (status >= 400 && status < 500 && !TRANSIENT.has(status)) {
              reject(new UploadRefused(status, messageFromBody(parsed(response!.getBody()), keptMessage(UPLOAD_REFUSED_MESSAGE, { status }))))
            } else reject(error)
          })
        },
      },
    )
    alive()
    upload.start()
  })
}
