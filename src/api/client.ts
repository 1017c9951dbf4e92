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

export const api = ky.create({
  prefixUrl: API_URL,
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
        // A failed sign-in also answers 401-free (400), so only a call made with a token ends the session.
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

export { HTTPError }
