// Reading an uploaded image (avatar, driver licence) from a multipart body. The type is decided by the
// file's own bytes, never by its name or the browser's claim, so a renamed HTML file is never stored as
// an image. SVG is accepted (the avatar hint names it) but the files route only ever serves it as a download.
import type { Context } from 'hono'
import { MAX_IMAGE_BYTES } from '../../core/contract/auth.ts'
import { IMAGE_TOO_LARGE_MESSAGE } from '../http/body-limits.ts'
import { sniffImageType } from '../media/file-type.ts'
import { exceedsImageDimensions, IMAGE_DIMENSIONS_MESSAGE } from '../media/image-dimensions.ts'
import { DomainError, Invalid, TooLarge } from '../domain-errors.ts'


export interface MultipartUpload {
  files: File[]
  fields: Record<string, string>
}

export async function readMultipart(c: Context): Promise<MultipartUpload> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw new Invalid('The upload must be sent as multipart/form-data.')
  }
  let body: Record<string, string | File | (string | File)[]>
  try {
    body = await c.req.parseBody({ all: true })
  } catch (error) {
    // A body past its limit (http/body-limits.ts) stays a 413.
    if (error instanceof DomainError) throw error
    throw new Invalid('The upload could not be read.')
  }
  const files: File[] = []
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') fields[name] ??= item
      else if (name === 'files' || name === 'files[]') files.push(item)
    }
  }
  return { files, fields }
}

/** The one image of an upload, checked for presence, size and type. */
export async function imageOf(upload: MultipartUpload): Promise<{ bytes: Uint8Array; contentType: string }> {
  const file = upload.files[0]
  if (!file || file.size === 0) throw new Invalid('Choose an image to upload.')
  if (upload.files.length > 1) throw new Invalid('Upload one image at a time.')
  if (file.size > MAX_IMAGE_BYTES) throw new TooLarge(IMAGE_TOO_LARGE_MESSAGE)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const contentType = await sniffImageType(bytes)
  if (!contentType) throw new Invalid('The file must be an image (SVG, PNG, JPG, GIF or WebP).')
  // An SVG is only ever a download; a raster image is shown inline, so its size must be decodable.
  if (contentType !== 'image/svg+xml' && exceedsImageDimensions(bytes)) {
    throw new Invalid(IMAGE_DIMENSIONS_MESSAGE)
  }
  return { bytes, contentType }
}
