// How a request leaves the device: XMLHttpRequest in a page (the only way to watch an upload's
// progress), plain fetch where XHR is missing (the service worker). Injectable so tests can send to
// a real server in-process. A request that stops making progress is given up (rejected like a dropped
// connection): on lie-fi it would otherwise hang for minutes while the driver's queue waits behind it.
import { QUIET_MS } from '../lib/connectivity.ts'
import type { OutboxRequest } from './op-requests.ts'
import type { ResumableHooks, ResumableSource } from './resumable-send.ts'
import { m } from '../i18n/translate.ts'

/**
 * No sign of life for this long (no upload progress, no response byte) and the request is given up.
 * Long enough for a Slow 3G round trip (2 s) plus the server's work after the last byte of a photo.
 */
export const STALL_MS = 10_000
/**
 * fetch shows no upload progress, so its deadline grows with the body: a link slower than this
 * (4 KB/s, 32 kbps) passes no useful data anyway.
 */
export const SLOWEST_USEFUL_BYTES_PER_MS = 4
/**
 * At most this much of a body may still be on its way once the browser reports it sent: upload
 * progress counts bytes handed to the socket, and the socket's send buffer and the network's queues
 * hold up to megabytes. On Slow 3G with four uploads sharing the link, a photo reported sent takes
 * 10–20 s more to arrive; a fixed STALL_MS gave up on it every time, and sent it again.
 */
export const BUFFERED_BYTES_BOUND = 1024 * 1024

/**
 * How long a silence may last once `bytes` were handed over at once (a whole body, or one jump of
 * upload progress): the stall time plus their time on the slowest useful link, counting at most
 * BUFFERED_BYTES_BOUND. Chromium reports ~4 MB of a video's body sent within 0.1 s (into socket
 * buffers), then nothing while those cross a Slow 3G link; a plain STALL_MS gave the body up every time.
 */
export function answerWaitMs(stallMs: number, bytes: number): number {
  return stallMs + Math.min(bytes, BUFFERED_BYTES_BOUND) / SLOWEST_USEFUL_BYTES_PER_MS
}

/** The largest number of bytes one upload-progress event handed over, since `reset()`. */
export function progressJumps() {
  let loaded = 0
  let largest = 0
  return {
    reset(from = 0) {
      loaded = from
      largest = 0
    },
    /** `total` bytes reported sent so far; returns the largest jump yet. */
    seen(total: number): number {
      largest = Math.max(largest, total - loaded)
      loaded = Math.max(loaded, total)
      return largest
    },
    get largest() {
      return largest
    },
  }
}

export const STALLED_MESSAGE = m('The server took too long to answer.')

export interface TransportRequest extends OutboxRequest {
  headers: Record<string, string>
}

export interface TransportResponse {
  status: number
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown
  /** The server asked to try again later (`Retry-After`), e.g. while the first try is still running. */
  retryAfter?: boolean
}

/** Sends one request; rejects only when no HTTP answer arrived (offline, connection dropped). */
export interface Transport {
  send: (request: TransportRequest, onProgress: (percent: number) => void) => Promise<TransportResponse>
  /**
   * Sends a large capture with tus, resuming `uploadUrl` when given; resolves with the upload's URL
   * once the server holds all of it (resumable-transport.ts adds it). Without it — the service worker,
   * whose classic script can load no module later — every capture goes multipart.
   */
  sendResumable?: (source: ResumableSource, request: { uploadUrl: string | null; headers: Record<string, string> }, hooks: ResumableHooks) => Promise<string>
}

function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

function joinUrl(apiUrl: string, path: string): string {
  return `${apiUrl.replace(/\/+$/, '')}${path}`
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * Whole-request progress only: fetch reports no upload progress, so it jumps from 0 to 100; for the
 * same reason it is given up after STALL_MS plus the time the body needs at the slowest useful rate.
 */
export interface TransportOptions {
  apiUrl?: string
  stallMs?: number
  /** Called once when a request has shown no sign of life for QUIET_MS (connectivity's reportQuiet). */
  onQuiet?: () => void
}

/** Fires `onQuiet` once if `quiet()` is not followed by `alive()` within QUIET_MS; `done()` ends it. */
function quietWatch(onQuiet: (() => void) | undefined) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let fired = false
  return {
    alive() {
      clearTimeout(timer)
      if (onQuiet && !fired) {
        timer = setTimeout(() => {
          fired = true
          onQuiet()
        }, QUIET_MS)
      }
    },
    done: () => clearTimeout(timer),
  }
}

export function fetchTransport(options: TransportOptions & { fetch?: FetchLike } = {}): Transport {
  const apiUrl = options.apiUrl ?? '/api'
  const stallMs = options.stallMs ?? STALL_MS
  const send: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  return {
    async send(request, onProgress) {
      onProgress(0)
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), stallMs + request.size / SLOWEST_USEFUL_BYTES_PER_MS)
      // fetch shows no progress: quiet means no answer yet, once a small body's time on the wire is over.
      const quiet = quietWatch(request.size <= 64 * 1024 ? options.onQuiet : undefined)
      quiet.alive()
      try {
        const response = await send(joinUrl(apiUrl, request.path), {
          method: request.method,
          headers: { ...request.headers, 'Content-Type': request.contentType },
          body: request.body,
          signal: controller.signal,
        })
        const body = parseBody(await response.text())
        onProgress(100)
        return { status: response.status, body, retryAfter: response.headers.has('retry-after') }
      } catch (error) {
        throw controller.signal.aborted ? new Error(STALLED_MESSAGE) : error
      } finally {
        clearTimeout(timer)
        quiet.done()
      }
    },
  }
}

/** Upload progress from XHR's upload events, in whole percent; given up after `stallMs` without any. */
export function xhrTransport(options: TransportOptions = {}): Transport {
  const apiUrl = options.apiUrl ?? '/api'
  const stallMs = options.stallMs ?? STALL_MS
  return {
    send(request, onProgress) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        let stall: ReturnType<typeof setTimeout> | undefined
        let stalled = false
        let bodyHandedOver = false
        const jumps = progressJumps()
        const quiet = quietWatch(options.onQuiet)
        // Any sign of life — bytes going up, headers or bytes coming down — restarts the wait; bytes
        // handed over (the whole body, or a big jump of it) may still be crossing a slow link (answerWaitMs).
        const alive = () => {
          quiet.alive()
          clearTimeout(stall)
          stall = setTimeout(
            () => {
              stalled = true
              xhr.abort()
            },
            answerWaitMs(stallMs, bodyHandedOver ? request.size : jumps.largest),
          )
        }
        const settle = (outcome: () => void) => {
          clearTimeout(stall)
          quiet.done()
          outcome()
        }
        xhr.open(request.method, joinUrl(apiUrl, request.path))
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
        xhr.setRequestHeader('Content-Type', request.contentType)
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0 && event.loaded >= event.total) bodyHandedOver = true
          jumps.seen(event.loaded)
          alive()
          if (event.lengthComputable && event.total > 0) onProgress(Math.floor((event.loaded / event.total) * 100))
        }
        xhr.upload.onload = () => {
          bodyHandedOver = true
          alive()
        }
        xhr.onreadystatechange = alive
        xhr.onprogress = alive
        xhr.onload = () =>
          settle(() => {
            onProgress(100)
            resolve({ status: xhr.status, body: parseBody(xhr.responseText), retryAfter: xhr.getResponseHeader('Retry-After') !== null })
          })
        xhr.onerror = () => settle(() => reject(new Error('The server could not be reached.')))
        xhr.onabort = () => settle(() => reject(new Error(stalled ? STALLED_MESSAGE : m('The request was aborted.'))))
        onProgress(0)
        alive()
        xhr.send(request.body)
      })
    },
  }
}

/** XHR where it exists (pages), fetch otherwise (the service worker has no XMLHttpRequest). */
export function defaultTransport(apiUrl?: string, options: Omit<TransportOptions, 'apiUrl'> = {}): Transport {
  return typeof XMLHttpRequest === 'function' ? xhrTransport({ ...options, apiUrl }) : fetchTransport({ ...options, apiUrl })
}
