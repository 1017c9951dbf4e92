// The photo downscaling worker: decodes and re-encodes off the main thread, so the page stays smooth
// while a 12 MP photo is processed. One photo at a time — two 48 MB bitmaps at once can exhaust a phone.
import { downscaleImage, type DownscaleOutcome } from './image-downscale-core.ts'
import type { DownscaleReply, DownscaleRequest } from './image-downscale.ts'

// The app's type lib is DOM; these are the two members of the worker scope used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<DownscaleRequest>) => void) | null
  postMessage: (message: DownscaleReply) => void
}
const scope = self as unknown as WorkerScope

async function handle(request: DownscaleRequest): Promise<void> {
  try {
    const outcome: DownscaleOutcome = await downscaleImage(request.file, request.options, (width, height) => new OffscreenCanvas(width, height))
    scope.postMessage({ id: request.id, ok: true, ...outcome })
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

let queue: Promise<void> = Promise.resolve()
scope.onmessage = (event) => {
  queue = queue.then(() => handle(event.data))
}
