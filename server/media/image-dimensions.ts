// Decompression bombs: an image whose header names more pixels than any camera makes costs whoever shows
// it gigabytes to decode (a phone tab dies). Inspection photos check this while being read; avatars,
// licences and documents are shown inline too, so they are held to the same limit here.
import { imageSize } from 'image-size'
import { MAX_IMAGE_DIMENSION } from '../../core/contract/media-limits.ts'

export const IMAGE_DIMENSIONS_MESSAGE = 'The image dimensions are too large.'

/**
 * True when the image's header names a width or height over MAX_IMAGE_DIMENSION. A header the reader
 * cannot parse is left to the caller's type check, which has already decided what the bytes are.
 */
export function exceedsImageDimensions(bytes: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(bytes)
    return width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION
  } catch {
    return false
  }
}
