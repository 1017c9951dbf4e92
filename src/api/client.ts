// The one HTTP client (spec §7): JSON to {host} (VITE_API_URL, default /api), no timeout, bearer token
// from storage; a 401 on an authenticated call clears the token and reloads (spec §8); every failure's
// message is the spec §8 text, so screens just show `error.message`. Every request tells the app's
// connectivity state how it went (watched-fetch.ts): no answer, or no sign of life for a moment.
import ky, { HTTPError } from 'ky'
import { fieldFromBody, messageFromBody } from './error-message.ts'
import { storedToken } from './session.ts'
import { watchedFetch, type ReadLink } from './watched-fetch.ts'
import { connectivity } from '../lib/app-connectivity.ts'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { activeLocale } from '../i18n/translate.ts'

export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

/** The reload after a 401; swappable so tests can observe it. */
export const sessionEnd = {
  reload: () => window.location.reload(),
}

/** A client for the API at `prefixUrl`; the app uses `api` below, tests point one at their own server. */
/** A link that only counts requests that got no answer (tests that watch just that). */
function noAnswerCounter(onNoAnswer: () => void): ReadLink {
  return { isOffline: () => false, reportNoAnswer: onNoAnswer, reportQuiet: () => {}, subscribe: () => () => {} }
}

export function createApiClient(prefixUrl: string, link: ReadLink | (() => void) = connectivity) {
  return ky.create({
    prefixUrl,
    timeout: false,
    retry: 0,
    fetch: watchedFetch(typeof link === 'function' ? noAnswerCounter(link) : link),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = storedToken()
          if (token) request.headers.set('Authorization', `Bearer ${token}`)
          // The server answers its messages in the language the app shows (server/http/translate-messages.ts).
          request.headers.set('Accept-Language', activeLocale())
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
