// Adds resumable uploads (tus, resumable-send.ts) to a page's transport. Pages only: tus-js-client is
// loaded with the first video sent, by a dynamic import — which the service worker's classic script
// cannot do, so the worker's transport goes without and sends every capture multipart.
import type { Transport } from './transport.ts'
import { STALL_MS, type FetchLike } from './transport.ts'

export function withResumableUploads(transport: Transport, options: { apiUrl?: string; stallMs?: number; /** fetch instead of XHR (Node, tests). */ fetch?: FetchLike } = {}): Transport {
  const apiUrl = options.apiUrl ?? '/api'
  const stallMs = options.stallMs ?? STALL_MS
  return {
    ...transport,
    async sendResumable(source, request, hooks) {
      const { fetchHttpStack, sendResumable } = await import('./resumable-send.ts')
      // Without a fetch given, tus-js-client's own stack: XHR in a page, with upload progress.
      const httpStack = options.fetch ? fetchHttpStack(options.fetch) : undefined
      return sendResumable(source, { apiUrl, ...request, stallMs, ...(httpStack ? { httpStack } : {}) }, hooks)
    },
  }
}
