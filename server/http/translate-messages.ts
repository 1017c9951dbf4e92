// Every answer's `{message}` (errors of any method, and the success texts of changes) in the language
// the request asks for (server/i18n/server-messages.ts). Lists and other reads carry no message and are
// left alone unread.
import { createMiddleware } from 'hono/factory'
import { languageOfHeader, translateMessage } from '../i18n/server-messages.ts'

export const translateMessages = createMiddleware(async (c, next) => {
  await next()
  const language = languageOfHeader(c.req.header('Accept-Language'))
  if (!language || language === 'en') return
  if (c.req.method === 'GET' && c.res.status < 400) return
  if (!c.res.headers.get('Content-Type')?.includes('application/json')) return
  let body: unknown
  try {
    body = await c.res.clone().json()
  } catch {
    return
  }
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') return
  const message = translateMessage(body.message, language)
  if (message === body.message) return
  const headers = new Headers(c.res.headers)
  headers.delete('Content-Length')
  c.res = new Response(JSON.stringify({ ...body, message }), { status: c.res.status, headers })
})
