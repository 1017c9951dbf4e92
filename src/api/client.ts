// The one HTTP client (spec §7): JSON to {host} (VITE_API_URL, default /api), no timeout, bearer token
// from storage; a 401 on an authenticated call clears the token and reloads (spec §8); every failure's
// message is the spec §8 text, so screens just show `error.message`. A request that fails without an
// answer tells the app's connectivity state (reads keep the spec's no-timeout rule: only outright
// network errors are reported, never slowness).
import ky, { HTTPError } from 'ky'
import { fieldFromBody, messageFromBody } from './error-message.ts'
import { storedToken } from './session.ts'
import { takeStartedResponse } from './started-responses.ts'
import { connectivity } from '../lib/app-connectivity.ts'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'

export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

/** The reload after a 401; swappable so tests can observe it. */
export const sessionEnd = {
  reload: () => window.location.reload(),
}

/**
 * fetch, telling `onNetworkError` when no answer came: fetch rejects with a TypeError exactly then
 * (offline, connection refused or dropped, CORS); an abort (a cancelled query) is not the network's doing.
 * A request the head start already made as the page opened takes that answer (started-responses.ts).
 */
export function reportingFetch(onNetworkError: () => void): (input: Request | URL | string, init?: RequestInit) => Promise<Response> {
  return (input, init) =>
    (takeStartedResponse(input) ?? globalThis.fetch(input, init)).catch((error: unknown) => {
      if (error instanceof TypeError) onNetworkError()
      throw error
    })
}

/** A client for the API at `prefixUrl`; the app uses `api` below, tests point one at their own server. */
export function createApiClient(prefixUrl: string, onNetworkError: () => void = () => connectivity.reportNoAnswer()) {
  return ky.create({
    prefixUrl,
    timeout: false,
    retry: 0,
    fetch: reportingFetch(onNetworkError),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = storedToken()
          if (token) request.headers.set('Authorization', `Bearer ${token}`)
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          // Only a call made with a token ends the session: a failed sign-in answers without reloading.
          if (response.status === 401 && request.headers.has('Authorization')) {
            localStorage.removeItem(STORAGE_KEYS.token)
            sessionEnd.reload()
          }
        },
      ],
      beforeError: [
        async (error) => {
          let body: unknown = null
          try {
            body = await error.response.clone().json()
          } catch {
            body = null
          }
          error.message = messageFromBody(body, error.message)
          // The field the message is about (ApiErrorBody.field): forms show the message under it.
          const field = fieldFromBody(body)
          if (field !== undefined) Object.assign(error, { field })
          return error
        },
      ],
    },
  })
}

export const api = createApiClient(API_URL)

export { HTTPError }
