// The one HTTP client (spec §7): JSON to {host} (VITE_API_URL, default /api), no timeout, bearer token
// from storage; a 401 on an authenticated call clears the token and reloads (spec §8); every failure's
// message is the spec §8 text, so screens just show `error.message`.
import ky, { HTTPError } from 'ky'
import { messageFromBody } from './error-message.ts'
import { storedToken } from './session.ts'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'

export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

/** The reload after a 401; swappable so tests can observe it. */
export const sessionEnd = {
  reload: () => window.location.reload(),
}

/** A client for the API at `prefixUrl`; the app uses `api` below, tests point one at their own server. */
export function createApiClient(prefixUrl: string) {
  return ky.create({
    prefixUrl,
    timeout: false,
    retry: 0,
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
          return error
        },
      ],
    },
  })
}

export const api = createApiClient(API_URL)

export { HTTPError }
