// A real SMTP server in the test process (smtp-server, the counterpart of nodemailer) on a free loopback
// port, whose behaviour a test switches: accept, refuse every recipient, or take a message and never
// answer. What it accepted is kept raw, as a mail client would receive it.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type SmtpMode = 'accept' | 'refuse' | 'stall'

export interface TestSmtpServer {
  url: string
  port: number
  /** Messages accepted (answered 250), raw. */
  received: { to: string[]; raw: string }[]
  mode: SmtpMode
  /** Stops listening (the port then refuses connections) or starts again on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = []
  let server: SMTPServer | null = null
  let port = 0
  const state: TestSmtpServer = {
    url: '',
    port: 0,
    received,
    mode: 'accept',
    start: () =>
      new Promise((resolve, reject) => {
        if (server) return resolve()
        server = new SMTPServer({
          authOptional: true,
          // Plain SMTP on loopback: no certificate to make.
          disabledCommands: ['STARTTLS', 'AUTH'],
          logger: false,
          onRcptTo(_address, _session, callback) {
            if (state.mode === 'refuse') {
              const refusal = Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 450 })
              callback(refusal)
              return
            }
            callback()
          },
          onData(stream, session, callback) {
            let raw = ''
            stream.setEncoding('utf8')
            stream.on('data', (chunk: string) => (raw += chunk))
            stream.on('end', () => {
              // Stalled: the message was sent, but no answer ever comes.
              if (state.mode === 'stall') return
              received.push({ to: session.envelope.rcptTo.map((address) => address.address), raw })
              callback()
            })
          },
        })
        server.on('error', () => {
          // A client that went away mid-session (the stalled case): nothing to do.
        })
        const listening = server.listen(port, '127.0.0.1', () => {
          port = (listening.address() as AddressInfo).port
          state.port = port
          state.url = `smtp://127.0.0.1:${port}`
          resolve()
        })
        listening.once('error', reject)
      }),
    stop: () =>
      new Promise((resolve) => {
        const running = server
        server = null
        if (!running) return resolve()
        running.close(() => resolve())
      }),
  }
  await state.start()
  return state
}

/** A raw MIME part's text: quoted-printable soft breaks joined and =XX escapes decoded (nodemailer's encoding of long or non-ASCII lines). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
