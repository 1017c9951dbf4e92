// A phone's radio link as a loopback TCP proxy between the browser and the server: each direction is
// one shared link with its own rate (a token bucket all connections draw from, served round-robin as
// TCP flows roughly share a bottleneck) and half the round trip as propagation delay; a new connection
// sends nothing until its handshake has crossed the link (one round trip). The proxy reads a
// connection's bytes only while fewer than SEND_BUFFER_BYTES of it wait for the link, so the browser
// sees the link's pace (its upload progress) as it would on a phone, instead of a loopback burst.
//
// A cut is a lost signal. In 'hold' mode (the bench's default) nothing crosses the link either way for
// its length and the connections stay open: bytes wait, a handshake started in it completes a round
// trip after it, and everything goes on when the signal is back — what TCP sees when the radio link
// layer (3G/LTE RLC in acknowledged mode) buffers through a short fade. In 'reset' mode every open
// connection is reset at the cut (the browser and the server both see it broken) and any connection
// made during it is reset at once — a phone that loses its network outright.
//
// Bytes are counted as they go onto the link (retries and cut-off requests included), so bytes sent ÷
// (rate × time up) can never pass 100 %.
import net from 'node:net'

export interface LinkShape {
  name: string
  /** Round trip; each direction adds half. */
  rttMs: number
  downKbps: number
  upKbps: number
}

export type CutMode = 'hold' | 'reset'

export interface ShapedLink {
  port: number
  /** Shapes the link; null opens it (no rate, no delay: for loading the page). */
  shape(shape: LinkShape | null): void
  cut(): void
  restore(): void
  isCut(): boolean
  /** Bytes put onto the uplink (browser → server) since the last reset of the counters. */
  bytesUp(): number
  bytesDown(): number
  resetCounters(): void
  close(): Promise<void>
}

/** How much of one connection may wait for the link before the proxy stops reading it (a socket's send buffer). */
const SEND_BUFFER_BYTES = 64 * 1024
const TICK_MS = 5
/** Tokens never pile up beyond this much link time (a late timer must not turn into a burst). */
const BURST_MS = 100
/** The most one flow sends before the next flow's turn. */
const QUANTUM_BYTES = 1460

interface Flow {
  source: net.Socket
  sink: net.Socket
  /** Bytes read from the source, not yet on the link. */
  waiting: Buffer[]
  waitingBytes: number
  /** On the link, arriving at `at`. */
  inFlight: { at: number; bytes: Buffer }[]
  paused: boolean
  /** The source ended: end the sink once everything has arrived. */
  ended: boolean
}

interface Connection {
  up: Flow
  down: Flow
  /** When the handshake started crossing the link (null: not yet, or lost in a cut). */
  handshakeAt: number | null
  closed: boolean
}

interface Direction {
  flows: () => Flow[]
  kbps: () => number
  tokens: number
  turn: number
  counted: number
}

export async function startShapedLink(targetPort: number, options: { cutMode?: CutMode } = {}): Promise<ShapedLink> {
  const cutMode = options.cutMode ?? 'hold'
  let current: LinkShape | null = null
  let down = false
  const connections = new Set<Connection>()
  const ownerOf = new WeakMap<Flow, Connection>()
  let cutAt = 0
  const halfRtt = () => (current ? current.rttMs / 2 : 0)

  const up: Direction = { flows: () => [...connections].map((connection) => connection.up), kbps: () => current?.upKbps ?? Infinity, tokens: 0, turn: 0, counted: 0 }
  const downlink: Direction = { flows: () => [...connections].map((connection) => connection.down), kbps: () => current?.downKbps ?? Infinity, tokens: 0, turn: 0, counted: 0 }

  const handshakeDone = (connection: Connection, now: number) => current === null || (connection.handshakeAt !== null && now >= connection.handshakeAt + current.rttMs)

  function close(connection: Connection, reset = false) {
    if (connection.closed) return
    connection.closed = true
    connections.delete(connection)
    for (const socket of [connection.up.source, connection.down.source]) {
      if (reset && !socket.destroyed) socket.resetAndDestroy()
      else socket.destroy()
    }
  }

  function transmit(direction: Direction, elapsedMs: number, now: number) {
    const kbps = direction.kbps()
    const eligible = (flow: Flow) => flow.waitingBytes > 0 && ownerOf.get(flow) !== undefined && handshakeDone(ownerOf.get(flow)!, now)
    if (!Number.isFinite(kbps)) {
      for (const flow of direction.flows()) if (eligible(flow)) send(direction, flow, flow.waitingBytes, now)
      return
    }
    const perMs = (kbps * 1000) / 8 / 1000
    direction.tokens = Math.min(direction.tokens + elapsedMs * perMs, BURST_MS * perMs)
    for (;;) {
      const flows = direction.flows().filter(eligible)
      if (flows.length === 0 || direction.tokens < 1) {
        // An idle link saves no tokens beyond a packet: what it did not carry is gone.
        if (flows.length === 0) direction.tokens = Math.min(direction.tokens, QUANTUM_BYTES)
        return
      }
      const flow = flows[direction.turn++ % flows.length]!
      const bytes = Math.min(QUANTUM_BYTES, flow.waitingBytes, Math.floor(direction.tokens))
      if (bytes < 1) return
      direction.tokens -= bytes
      send(direction, flow, bytes, now)
    }
  }

  /** Takes `bytes` off the flow's waiting bytes onto the link. */
  function send(direction: Direction, flow: Flow, bytes: number, now: number) {
    let left = bytes
    while (left > 0) {
      const head = flow.waiting[0]!
      const piece = head.length <= left ? head : head.subarray(0, left)
      if (piece === head) flow.waiting.shift()
      else flow.waiting[0] = head.subarray(left)
      flow.inFlight.push({ at: now + halfRtt(), bytes: piece })
      left -= piece.length
    }
    flow.waitingBytes -= bytes
    direction.counted += bytes
    if (flow.paused && flow.waitingBytes < SEND_BUFFER_BYTES / 2) {
      flow.paused = false
      flow.source.resume()
    }
  }

  function deliver(flow: Flow, now: number) {
    while (flow.inFlight.length > 0 && flow.inFlight[0]!.at <= now) {
      const { bytes } = flow.inFlight.shift()!
      if (!flow.sink.destroyed) flow.sink.write(bytes)
    }
    if (flow.ended && flow.waitingBytes === 0 && flow.inFlight.length === 0 && !flow.sink.destroyed) flow.sink.end()
  }

  let last = performance.now()
  let timer: ReturnType<typeof setTimeout>
  const tick = () => {
    const now = performance.now()
    const elapsed = now - last
    last = now
    if (!down) {
      for (const connection of connections) if (connection.handshakeAt === null) connection.handshakeAt = now
      transmit(up, elapsed, now)
      transmit(downlink, elapsed, now)
      for (const connection of [...connections]) {
        deliver(connection.up, now)
        deliver(connection.down, now)
      }
    }
    timer = setTimeout(tick, TICK_MS)
  }
  timer = setTimeout(tick, TICK_MS)

  const flow = (source: net.Socket, sink: net.Socket): Flow => ({ source, sink, waiting: [], waitingBytes: 0, inFlight: [], paused: false, ended: false })

  const server = net.createServer((client) => {
    client.setNoDelay(true)
    if (down && cutMode === 'reset') {
      client.on('error', () => undefined)
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(targetPort, '127.0.0.1')
    upstream.setNoDelay(true)
    const connection: Connection = { up: flow(client, upstream), down: flow(upstream, client), handshakeAt: down ? null : performance.now(), closed: false }
    ownerOf.set(connection.up, connection)
    ownerOf.set(connection.down, connection)
    connections.add(connection)
    for (const each of [connection.up, connection.down]) {
      each.source.on('data', (chunk: Buffer) => {
        each.waiting.push(chunk)
        each.waitingBytes += chunk.length
        if (!each.paused && each.waitingBytes >= SEND_BUFFER_BYTES) {
          each.paused = true
          each.source.pause()
        }
      })
      each.source.on('end', () => (each.ended = true))
      each.source.on('error', () => close(connection))
      // Closed after an orderly end: what it sent still crosses the link (deliver() ends the sink after
      // it). Closed without one: the connection is broken both ways.
      each.source.on('close', () => {
        if (!each.ended) close(connection)
        else if (connection.up.source.destroyed && connection.down.source.destroyed) close(connection)
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo

  return {
    port,
    shape: (shape) => {
      current = shape
      up.tokens = 0
      downlink.tokens = 0
    },
    cut: () => {
      if (down) return
      down = true
      cutAt = performance.now()
      for (const connection of [...connections]) {
        if (cutMode === 'reset') close(connection, true)
        // The handshake was still crossing: it is lost, and starts over when the signal is back.
        else if (current && connection.handshakeAt !== null && performance.now() < connection.handshakeAt + current.rttMs) connection.handshakeAt = null
      }
    },
    restore: () => {
      if (!down) return
      down = false
      const now = performance.now()
      // What was on its way when the signal went arrives as if the link had paused: the held time is added.
      last = now
      for (const connection of connections) {
        for (const each of [connection.up, connection.down]) for (const piece of each.inFlight) piece.at += now - cutAt
      }
    },
    isCut: () => down,
    bytesUp: () => up.counted,
    bytesDown: () => downlink.counted,
    resetCounters: () => {
      up.counted = 0
      downlink.counted = 0
    },
    close: async () => {
      clearTimeout(timer)
      for (const connection of [...connections]) close(connection)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
