// The phone's network, as a proxy the test owns: WebKitWebDriver has no offline switch (Playwright's
// setOffline has no classic-WebDriver equivalent), so the app is served to MiniBrowser through this proxy
// on a free port, and "offline" means every connection to it is dropped — those open (keep-alive ones
// included) and each new one, before any byte is answered. The browser sees what a phone with no signal
// sees: requests fail at once, the service worker's included.
import http from 'node:http'
import type { Socket } from 'node:net'
import { freePort } from '../support/free-port.ts'

export interface NetworkSwitch {
  /** The app's origin as the browser sees it. */
  url: string
  setOnline(online: boolean): void
  /** Requests the proxy passed on, by path (the health probes included). */
  passed(): string[]
  close(): Promise<void>
}

export async function networkSwitch(target: string): Promise<NetworkSwitch> {
  const upstream = new URL(target)
  let online = true
  const sockets = new Set<Socket>()
  const passed: string[] = []
  const server = http.createServer((request, response) => {
    if (!online) {
      request.socket.destroy()
      return
    }
    passed.push(request.url ?? '')
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    forwarded.on('error', () => request.socket.destroy())
    request.pipe(forwarded)
  })
  server.on('connection', (socket) => {
    if (!online) {
      socket.destroy()
      return
    }
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${port}`,
    setOnline(next) {
      online = next
      if (!online) for (const socket of sockets) socket.destroy()
    },
    passed: () => [...passed],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
