// Server memory under concurrent video uploads (issue 16; design.md §7: "10 concurrent 100 MB uploads
// under 300 MB RSS"). The real server runs as its own process; its resident set (VmRSS from
// /proc/<pid>/status) is sampled every 100 ms. Idle: the median of 20 samples over 4 s after start-up and
// one warm-up request. Then 10 uploads of 100 MiB each go at once, every body generated in 64 KB chunks
// as it is sent (the bench holds none whole either):
// - multipart: POST /api/inspection/video-inspection/{unitId}, one video per request, as the spec's
//   upload route takes it;
// - tus: POST /api/uploads, one PATCH with the whole body, then the JSON attach to the same route.
// Figures: idle RSS, peak RSS during each round, the rise (peak − idle), the time the round took, and
// the captures the server holds afterwards (must be 10 per round). BENCH_SERVER_ROOT runs the server
// of another checkout (a "before" measurement); BENCH_UPLOAD_ROUNDS=multipart runs only that round.
import { readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { signIn, startServer, tempDir, type Session } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

const UPLOADS = QUICK ? 3 : 10
const FILE_BYTES = (QUICK ? 20 : 100) * 1024 * 1024
const CHUNK = 64 * 1024
const ROUNDS = (process.env.BENCH_UPLOAD_ROUNDS ?? 'multipart,tus').split(',')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1)

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

/** Samples the process's RSS every 100 ms until stopped; answers the peak. */
function rssSampler(pid: number) {
  let peak = rssOf(pid)
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid))
    } catch {
      // The process ended; the round will fail on its own.
    }
  }, 100)
  return { stop: () => (clearInterval(timer), peak) }
}

/** An MP4 header (ftyp + the start of an mdat) and then zeros: what the server sniffs as video/mp4. */
function mp4Head(total: number): Buffer {
  const ftyp = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex')
  const mdat = Buffer.alloc(8)
  mdat.writeUInt32BE(total - ftyp.length, 0)
  mdat.write('mdat', 4, 'ascii')
  return Buffer.concat([ftyp, mdat])
}

/** Writes `head`, then zeros up to `size` bytes, then `tail`, respecting the socket's backpressure. */
async function writeBody(request: http.ClientRequest, head: Buffer, size: number, tail: Buffer = Buffer.alloc(0)): Promise<void> {
  const zeros = Buffer.alloc(CHUNK)
  const write = (chunk: Buffer) => (request.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => request.once('drain', () => resolve())))
  await write(head)
  for (let sent = head.length; sent < size; sent += CHUNK) await write(zeros.subarray(0, Math.min(CHUNK, size - sent)))
  if (tail.length > 0) await write(tail)
  request.end()
}

function send(url: string, options: http.RequestOptions, body: (request: http.ClientRequest) => Promise<void>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, options, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    request.on('error', reject)
    body(request).catch(reject)
  })
}

async function multipartUpload(baseUrl: string, session: Session, unitId: string, draftId: string, index: number): Promise<void> {
  const boundary = `----FleetyardBench${index}${Date.now()}`
  const fields = { type: 'reserve', company_id: session.companyId, inspection_id: draftId }
  const head = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="video-${index}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
  ])
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const fileHead = mp4Head(FILE_BYTES)
  const length = head.length + FILE_BYTES + tail.length
  const response = await send(
    `${baseUrl}/api/inspection/video-inspection/${unitId}`,
    { method: 'POST', headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length, 'Idempotency-Key': `bench-multipart-${index}-${Date.now()}` } },
    (request) => writeBody(request, Buffer.concat([head, fileHead]), head.length + FILE_BYTES, tail),
  )
  if (response.status !== 201) throw new Error(`multipart upload ${index}: ${response.status} ${response.text}`)
}

async function tusUpload(baseUrl: string, session: Session, unitId: string, draftId: string, index: number): Promise<void> {
  const auth = { Authorization: `Bearer ${session.token}`, 'Tus-Resumable': '1.0.0' }
  const created = await send(`${baseUrl}/api/uploads`, { method: 'POST', headers: { ...auth, 'Upload-Length': FILE_BYTES, 'Upload-Metadata': `filename ${Buffer.from(`video-${index}.mp4`).toString('base64')}` } }, async (request) => void request.end())
  if (created.status !== 201) throw new Error(`tus create ${index}: ${created.status} ${created.text}`)
  const location = String(created.headers.location)
  const patched = await send(
    `${baseUrl}${location}`,
    { method: 'PATCH', headers: { ...auth, 'Upload-Offset': 0, 'Content-Type': 'application/offset+octet-stream', 'Content-Length': FILE_BYTES } },
    (request) => writeBody(request, mp4Head(FILE_BYTES), FILE_BYTES),
  )
  if (patched.status !== 204) throw new Error(`tus patch ${index}: ${patched.status} ${patched.text}`)
  const attached = await fetch(`${baseUrl}/api/inspection/video-inspection/${unitId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `bench-tus-${index}-${Date.now()}` },
    body: JSON.stringify({ upload_id: location.split('/').pop(), type: 'reserve', company_id: session.companyId, inspection_id: draftId }),
  })
  if (attached.status !== 201) throw new Error(`tus attach ${index}: ${attached.status} ${await attached.text()}`)
}

async function videosOnDraft(baseUrl: string, session: Session, unitId: string): Promise<{ draftId: string; videos: number }> {
  const response = await fetch(`${baseUrl}/api/inspection`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'reserve', company_id: session.companyId, user_id: session.userId, unit_id: unitId }),
  })
  const { body } = (await response.json()) as { body: { _id: string; video_ids: string[] } }
  return { draftId: body._id, videos: body.video_ids.length }
}

interface RoundFigures {
  round: string
  uploads: number
  fileMb: number
  peakRssMb: number
  riseMb: number
  seconds: number
  capturesAdded: number
  loadAverage: number[]
}

const dataDir = tempDir('upload-memory')
const staticDir = tempDir('upload-memory-static')
try {
  await seedCompany(pgliteIn(dataDir), { unitCount: 1, allAvailable: true })
  const server = await startServer({ dataDir, distDir: staticDir })
  try {
    const pid = server.process.pid!
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const [unit] = (await (await fetch(`${server.url}/api/units/${session.companyId}`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as { _id: string }[]
    const { draftId } = await videosOnDraft(server.url, session, unit!._id)
    await sleep(2000)
    const idleSamples: number[] = []
    for (let i = 0; i < 20; i++) {
      idleSamples.push(rssOf(pid))
      await sleep(200)
    }
    const idle = median(idleSamples)
    const rounds: RoundFigures[] = []
    for (const name of ROUNDS) {
      const before = (await videosOnDraft(server.url, session, unit!._id)).videos
      console.log(`${name}: ${UPLOADS} concurrent uploads of ${mb(FILE_BYTES)} MiB…`)
      const sampler = rssSampler(pid)
      const started = performance.now()
      const upload = name === 'tus' ? tusUpload : multipartUpload
      await Promise.all(Array.from({ length: UPLOADS }, (_, index) => upload(server.url, session, unit!._id, draftId, index)))
      const seconds = (performance.now() - started) / 1000
      const peak = sampler.stop()
      const after = (await videosOnDraft(server.url, session, unit!._id)).videos
      rounds.push({ round: name, uploads: UPLOADS, fileMb: mb(FILE_BYTES), peakRssMb: mb(peak), riseMb: mb(peak - idle), seconds: round(seconds, 1), capturesAdded: after - before, loadAverage: os.loadavg().map((value) => round(value, 2)) })
      // Let the garbage collector bring the process back down before the next round.
      await sleep(10_000)
    }
    const rows: Row[] = [[`idle RSS (median of 20 samples)`, `${mb(idle)} MB`]]
    for (const figures of rounds) {
      rows.push([`${figures.round}: peak RSS / rise over idle`, `${figures.peakRssMb} MB / ${figures.riseMb} MB`])
      rows.push([`${figures.round}: time, captures added`, `${figures.seconds} s, ${figures.capturesAdded} of ${figures.uploads}`])
      rows.push([`${figures.round}: load average (1, 5, 15 min) at the end`, figures.loadAverage.join(', ')])
    }
    printTable(`Server RSS: ${UPLOADS} concurrent uploads of ${mb(FILE_BYTES)} MiB`, rows)
    record('upload-memory', { serverRoot: process.env.BENCH_SERVER_ROOT ?? null, idleRssMb: mb(idle), rounds })
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(staticDir, { recursive: true, force: true })
}
