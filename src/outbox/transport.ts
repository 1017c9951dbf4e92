// How a request leaves the device: XMLHttpRequest in a page (the only way to watch an upload's
// progress), plain fetch where XHR is missing (the service worker). Injectable so tests can send to
// a real server in-process.
import type { OutboxRequest } from './op-requests.ts'

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

/** Whole-request progress only: fetch reports no upload progress, so it jumps from 0 to 100. */
export function fetchTransport(options: { apiUrl?: string; fetch?: FetchLike } = {}): Transport {
  const apiUrl = options.apiUrl ?? '/api'
  const send: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  return {
    async send(request, onProgress) {
      onProgress(0)
      const response = await send(joinUrl(apiUrl, request.path), {
        method: request.method,
        headers: { ...request.headers, 'Content-Type': request.contentType },
        body: request.body,
      })
      const body = parseBody(await response.text())
      onProgress(100)
      return { status: response.status, body, retryAfter: response.headers.has('retry-after') }
    },
  }
}

/** Upload progress from XHR's upload events, in whole percent. */
export function xhrTransport(options: { apiUrl?: string } = {}): Transport {
  const apiUrl = options.apiUrl ?? '/api'
  return {
    send(request, onProgress) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open(request.method, joinUrl(apiUrl, request.path))
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
        xhr.setRequestHeader('Content-Type', request.contentType)
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.floor((event.loaded / event.total) * 100))
        }
        xhr.onload = () => {
          onProgress(100)
          resolve({ status: xhr.status, body: parseBody(xhr.responseText), retryAfter: xhr.getResponseHeader('Retry-After') !== null })
        }
        xhr.onerror = () => reject(new Error('The server could not be reached.'))
        xhr.onabort = () => reject(new Error('The request was aborted.'))
        xhr.ontimeout = () => reject(new Error('The server took too long to answer.'))
        onProgress(0)
        xhr.send(request.body)
      })
    },
  }
}

/** XHR where it exists (pages), fetch otherwise (the service worker has no XMLHttpRequest). */
export function defaultTransport(apiUrl?: string): Transport {
  return typeof XMLHttpRequest === 'function' ? xhrTransport({ apiUrl }) : fetchTransport({ apiUrl })
}
