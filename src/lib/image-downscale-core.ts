// The part of photo downscaling both the worker and the main-thread fallback run: the size rule and
// the decode → draw → JPEG encode. Its own module because the worker cannot import image-downscale.ts
// (that module starts the worker, and Vite refuses a worker that bundles itself).

/** Longest side of a stored photo (design.md §5). A 12 MP phone photo becomes about 3 MP. */
export const MAX_PHOTO_EDGE = 2048
/** JPEG quality of a downscaled photo: no visible loss at phone-screen and report sizes. */
export const JPEG_QUALITY = 0.8

export interface Size {
  width: number
  height: number
}

/**
 * The size a photo of `width` × `height` is stored at: unchanged when its long edge is within
 * `maxEdge`, else scaled so the long edge is exactly `maxEdge` and the aspect ratio kept (never
 * upscaled, never below 1 px).
 */
export function targetSize(width: number, height: number, maxEdge: number = MAX_PHOTO_EDGE): Size {
  if (!(width > 0 && height > 0 && maxEdge > 0)) throw new RangeError(`Not an image size: ${width}x${height} (max ${maxEdge})`)
  const longEdge = Math.max(width, height)
  if (longEdge <= maxEdge) return { width, height }
  const scale = maxEdge / longEdge
  // The long side is set exactly, so rounding never leaves it at 2049.
  return width >= height
    ? { width: maxEdge, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: maxEdge }
}

/** A JPEG already within the size is stored byte for byte: re-encoding would only lose quality. */
export function keepsOriginal(type: string, width: number, height: number, maxEdge: number = MAX_PHOTO_EDGE): boolean {
  return type === 'image/jpeg' && Math.max(width, height) <= maxEdge
}

/** 'IMG_0042.HEIC' → 'IMG_0042.jpg': the stored name says what the bytes are. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '')
  return `${base || 'photo'}.jpg`
}

export interface DownscaleOptions {
  maxEdge: number
  quality: number
}

export interface DownscaleOutcome {
  blob: Blob
  width: number
  height: number
  /** False when the original was kept as is. */
  resized: boolean
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement

function encodeJpeg(canvas: AnyCanvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality })
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', quality)
  })
}

/**
 * Decodes `file` upright (EXIF orientation applied, so the pixels carry the orientation the JPEG
 * re-encode drops), and stores it as a JPEG of `targetSize` unless it may be kept as it is.
 */
export async function downscaleImage(
  file: Blob,
  options: DownscaleOptions,
  createCanvas: (width: number, height: number) => AnyCanvas,
): Promise<DownscaleOutcome> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  try {
    if (keepsOriginal(file.type, bitmap.width, bitmap.height, options.maxEdge)) {
      return { blob: file, width: bitmap.width, height: bitmap.height, resized: false }
    }
    const size = targetSize(bitmap.width, bitmap.height, options.maxEdge)
    const canvas = createCanvas(size.width, size.height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null
    if (!context) throw new Error('This browser cannot draw the photo.')
    // A transparent PNG would otherwise turn black where it is see-through.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, size.width, size.height)
    context.imageSmoothingEnabled = true
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const blob = await encodeJpeg(canvas, options.quality)
    // Frees the canvas' pixels now rather than at the next collection: phones have little memory.
    canvas.width = 0
    canvas.height = 0
    return { blob, width: size.width, height: size.height, resized: true }
  } finally {
    bitmap.close()
  }
}
