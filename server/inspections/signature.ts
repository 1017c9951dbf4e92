// The customer's or driver's signature arrives as a PNG data URL from the signature pad; it is stored as
// bytes plus content type, and only when the bytes really are a PNG of sane size.
import { imageSize } from 'image-size'
import { MAX_IMAGE_DIMENSION, MAX_SIGNATURE_BYTES } from '../../core/contract/media-limits.ts'
import { sniffMedia } from '../media/file-type.ts'
import { Invalid, TooLarge } from '../domain-errors.ts'

const PREFIX = 'data:image/png;base64,'
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export interface Signature {
  bytes: Uint8Array
  contentType: 'image/png'
}

const notPng = () => new Invalid('The signature must be a PNG image.')

export async function decodeSignature(dataUrl: string): Promise<Signature> {
  if (!dataUrl.startsWith(PREFIX)) throw notPng()
  const encoded = dataUrl.slice(PREFIX.length)
  // Checked before decoding so an enormous string is refused without allocating its bytes.
  if (Math.floor((encoded.length * 3) / 4) - 2 > MAX_SIGNATURE_BYTES) {
    throw new TooLarge('The signature is too large.')
  }
  if (!BASE64.test(encoded)) throw notPng()
  const bytes = new Uint8Array(Buffer.from(encoded, 'base64'))
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new TooLarge('The signature is too large.')
  if ((await sniffMedia(bytes))?.contentType !== 'image/png') throw notPng()
  let size: { width: number; height: number }
  try {
    size = imageSize(bytes)
  } catch {
    throw notPng()
  }
  if (size.width > MAX_IMAGE_DIMENSION || size.height > MAX_IMAGE_DIMENSION) {
    throw new Invalid('The image dimensions are too large.')
  }
  return { bytes, contentType: 'image/png' }
}

export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b
  return a.length === b.length && Buffer.from(a).equals(Buffer.from(b))
}
