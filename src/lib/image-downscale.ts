// Photos are made small before they are stored (design.md §5): long edge ≤ 2048 px, JPEG quality 0.8,
// orientation kept — in a Web Worker where the browser has OffscreenCanvas, on the main thread where it
// has not. Originals over the limit never reach IndexedDB, let alone the network.
import {
  downscaleImage,
  JPEG_QUALITY,
  jpegName,
  keepsOriginal,
  MAX_PHOTO_EDGE,
  targetSize,
  type DownscaleOptions,
  type DownscaleOutcome,
} from './image-downscale-core.ts'

export { JPEG_QUALITY, MAX_PHOTO_EDGE, jpegName, keepsOriginal, targetSize, type Size } from './image-downscale-core.ts'

export interface DownscaleRequest {
  id: number
  file: Blob
  options: DownscaleOptions
}

export type DownscaleReply = ({ id: number; ok: true } & DownscaleOutcome) | { id: number; ok: false; message: string }

/** The User Timing entry each downscale records: its duration is what a driver waits per photo. */
export const DOWNSCALE_MEASURE = 'fleetyard:downscale-photo'

/** A worker idle this long is ended, giving its memory back; the next photo starts a new one. */
const WORKER_IDLE_MS = 20_000

interface Pending {
  resolve: (outcome: DownscaleOutcome) => void
  reject: (error: Error) => void
}

let worker: Worker | null = null
let workerBroken = false
let nextId = 1
let idleTimer: ReturnType<typeof setTimeout> | undefined
const pending = new Map<number, Pending>()

function canUseWorker(): boolean {
  return !workerBroken && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function'
}

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error)
  pending.clear()
}

function startWorker(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./image-downscale.worker.ts', import.meta.url), { type: 'module' })
  started.onmessage = (event: MessageEvent<DownscaleReply>) => {
    const reply = event.data
    const job = pending.get(reply.id)
    if (!job) return
    pending.delete(reply.id)
    if (reply.ok) job.resolve({ blob: reply.blob, width: reply.width, height: reply.height, resized: reply.resized })
    else job.reject(new Error(reply.message))
    scheduleIdleStop()
  }
  // A worker that cannot even load (an old engine, a blocked script) sends every photo to the main thread.
  started.onerror = (event) => {
    event.preventDefault()
    workerBroken = true
    started.terminate()
    if (worker === started) worker = null
    failAll(new Error('The photo worker stopped.'))
  }
  worker = started
  return started
}

function scheduleIdleStop(): void {
  clearTimeout(idleTimer)
  if (pending.size > 0) return
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker) {
      worker.terminate()
      worker = null
    }
  }, WORKER_IDLE_MS)
}

function inWorker(file: Blob, options: DownscaleOptions): Promise<DownscaleOutcome> {
  clearTimeout(idleTimer)
  const id = nextId++
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject })
    startWorker().postMessage({ id, file, options } satisfies DownscaleRequest)
  })
}

/** Engines without createImageBitmap options still decode through an <img> (which applies EXIF itself). */
async function decodeWithImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    return image
  } finally {
    URL.revokeObjectURL(url)
  }
}

async function onMainThread(file: Blob, options: DownscaleOptions): Promise<DownscaleOutcome> {
  const createCanvas = (width: number, height: number) => Object.assign(document.createElement('canvas'), { width, height })
  if (typeof createImageBitmap === 'function') return downscaleImage(file, options, createCanvas)
  const image = await decodeWithImage(file)
  if (keepsOriginal(file.type, image.naturalWidth, image.naturalHeight, options.maxEdge)) {
    return { blob: file, width: image.naturalWidth, height: image.naturalHeight, resized: false }
  }
  const size = targetSize(image.naturalWidth, image.naturalHeight, options.maxEdge)
  const canvas = createCanvas(size.width, size.height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw the photo.')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  context.drawImage(image, 0, 0, size.width, size.height)
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', options.quality),
  )
  return { blob, width: size.width, height: size.height, resized: true }
}

export interface DownscaledPhoto {
  file: File
  width: number | null
  height: number | null
  /** False when the original was kept: already small enough, or a format this browser cannot decode. */
  resized: boolean
}

/**
 * The photo as it should be stored: a JPEG with its long edge at most `maxEdge`, or the original
 * file when it already is one — or when this browser cannot decode it (HEIC outside Safari); the
 * server accepts those as they are, within its size limit.
 */
export async function downscalePhoto(file: File, options: Partial<DownscaleOptions> = {}): Promise<DownscaledPhoto> {
  const settings: DownscaleOptions = { maxEdge: options.maxEdge ?? MAX_PHOTO_EDGE, quality: options.quality ?? JPEG_QUALITY }
  const started = performance.now()
  let outcome: DownscaleOutcome | null = null
  if (canUseWorker()) {
    try {
      outcome = await inWorker(file, settings)
    } catch {
      // The worker could not do it (no OffscreenCanvas 2D, say): the main thread tries the same photo.
    }
  }
  if (!outcome) {
    try {
      outcome = await onMainThread(file, settings)
    } catch {
      outcome = null
    }
  }
  const result: DownscaledPhoto =
    outcome && outcome.resized
      ? { file: new File([outcome.blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }), width: outcome.width, height: outcome.height, resized: true }
      : { file, width: outcome?.width ?? null, height: outcome?.height ?? null, resized: false }
  try {
    performance.measure(DOWNSCALE_MEASURE, {
      start: started,
      end: performance.now(),
      detail: { name: file.name, originalBytes: file.size, storedBytes: result.file.size, width: result.width, height: result.height },
    })
  } catch {
    // User Timing with details is missing in old engines; the figure is only for measuring.
  }
  return result
}
