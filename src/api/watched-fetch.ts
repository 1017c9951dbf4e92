// The API client's fetch: every request — reads included — tells the app's one connectivity state how
// it went. No answer at all (fetch's TypeError) makes the app offline; no sign of life for QUIET_MS
// (lie-fi: a Wi-Fi with no internet, one bar passing no data) asks the connectivity to probe, so the
// banner shows within seconds instead of never (issue 22: a read on a hanging link sent no probe). Reads
// keep the spec's no-timeout rule, but one still unanswered when the link comes back (the probe passes
// after it was offline) is sent again, so nothing hangs for minutes on a connection that died under it.
import { QUIET_MS } from '../lib/connectivity.ts'
import { takeStartedResponse } from './started-responses.ts'

/** What a request reports to, and hears from: the app's connectivity (lib/app-connectivity.ts). */
export interface ReadLink {
  isOffline(): boolean
  reportNoAnswer(): void
  reportQuiet(): void
  subscribe(listener: () => void): () => void
}

type Fetch = (input: Request | URL | string, init?: RequestInit) => Promise<Response>

/** Only these are asked again when the link comes back: sending one twice changes nothing. */
const REPEATABLE = new Set(['GET', 'HEAD'])

function methodOf(input: Request | URL | string, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
}

export function watchedFetch(link: ReadLink, options: { quietMs?: number; fetch?: Fetch } = {}): Fetch {
  const quietMs = options.quietMs ?? QUIET_MS
  const send: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return (input, init) => {
    // A request the head start already made as the page opened takes that answer (started-responses.ts).
    const started = takeStartedResponse(input)
    if (started) {
      return started.catch((error: unknown) => {
        if (error instanceof TypeError) link.reportNoAnswer()
        throw error
      })
    }
    const outer = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    const repeatable = REPEATABLE.has(methodOf(input, init))
    return new Promise<Response>((resolve, reject) => {
      let settled = false
      let current: AbortController | null = null
      let quiet: ReturnType<typeof setTimeout> | undefined
      let unfollow = () => {}
      const finish = () => {
        settled = true
        clearTimeout(quiet)
        unfollow()
        outer?.removeEventListener('abort', onOuterAbort)
      }
      function onOuterAbort() {
        current?.abort(outer?.reason)
      }
      const attempt = () => {
        const controller = new AbortController()
        current = controller
        clearTimeout(quiet)
        quiet = setTimeout(() => {
          if (!settled && current === controller) link.reportQuiet()
        }, quietMs)
        const request = input instanceof Request ? new Request(input, { signal: controller.signal }) : input
        send(request, { ...init, signal: controller.signal }).then(
          (response) => {
            if (settled || current !== controller) return
            finish()
            resolve(response)
          },
          (error: unknown) => {
            // Replaced by a fresh attempt (the link came back): that one answers.
            if (settled || current !== controller) return
            finish()
            // An abort is the caller's (a cancelled query), never the network's doing.
            if (error instanceof TypeError) link.reportNoAnswer()
            reject(error)
          },
        )
      }
      if (outer?.aborted) {
        reject(outer.reason instanceof Error ? outer.reason : new DOMException('The request was aborted.', 'AbortError'))
        return
      }
      outer?.addEventListener('abort', onOuterAbort, { once: true })
      if (repeatable) {
        let wasOffline = link.isOffline()
        unfollow = link.subscribe(() => {
          const offline = link.isOffline()
          if (wasOffline && !offline && !settled) {
            // The unanswered attempt went out on a link that died; a fresh one goes on the live link.
            const stale = current
            attempt()
            stale?.abort()
          }
          wasOffline = offline
        })
      }
      attempt()
    })
  }
}
