// The answers to requests the head start made as the page opened (app/opening-requests.ts, run by
// src/head-start.ts before the app's code arrived). The API client's fetch takes one when it is about
// to make the very same request — same URL, same token — instead of asking again; each is taken
// once. Anything else, or a head start that never ran, and the client asks as usual.

/** The global the head start leaves them in: app/opening-requests.ts STARTED_REQUESTS_KEY. */
const STARTED_REQUESTS_KEY = '__fleetyardStartedRequests'

interface StartedRequest {
  url: string
  authorization: string
  response: Promise<Response>
}

function startedRequests(): StartedRequest[] | null {
  const started = (globalThis as unknown as Record<string, unknown>)[STARTED_REQUESTS_KEY]
  return Array.isArray(started) ? (started as StartedRequest[]) : null
}

/** The head start's answer to `request` (a GET of the same URL with the same token), taken once; else undefined. */
export function takeStartedResponse(request: Request | URL | string): Promise<Response> | undefined {
  const started = startedRequests()
  if (!started || !(request instanceof Request) || request.method !== 'GET') return undefined
  const authorization = request.headers.get('Authorization')
  const index = started.findIndex((candidate) => candidate.url === request.url && candidate.authorization === authorization)
  if (index < 0) return undefined
  return started.splice(index, 1)[0]?.response
}

/**
 * The answer to the first request the head start sent, left for its taker: whether it comes tells the
 * app's connectivity what a probe of its own would (app.tsx). Undefined when the head start sent none.
 */
export function firstStartedResponse(): Promise<Response> | undefined {
  return startedRequests()?.[0]?.response
}
