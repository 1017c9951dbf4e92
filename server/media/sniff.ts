// Recognises uploaded photos and videos from their first bytes. A file's name and declared type are the
// sender's word; the stored Content-Type comes only from here, so an HTML page named .jpg is refused.
import type { MediaKind, PhotoType, VideoType } from '../../core/contract/media-limits.ts'

export interface SniffedType {
  kind: MediaKind
  contentType: PhotoType | VideoType
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  start >= 0 && end <= bytes.length ? String.fromCharCode(...bytes.subarray(start, end)) : ''

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])
const HEIF_BRANDS = new Set(['mif1', 'msf1'])
const QUICKTIME_BRANDS = new Set(['qt  '])
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VP', 'MSNV'])

/**
 * ISO base media files (HEIC photos, MP4 and QuickTime videos) name their format in the `ftyp` box's
 * major brand. Only the major brand counts: compatible brands would let an AVIF photo pass as HEIF or
 * an M4A audio file pass as MP4 video.
 */
function sniffFtyp(bytes: Uint8Array): SniffedType | null {
  if (ascii(bytes, 4, 8) !== 'ftyp') return null
  const major = ascii(bytes, 8, 12)
  if (HEIC_BRANDS.has(major)) return { kind: 'photo', contentType: 'image/heic' }
  if (HEIF_BRANDS.has(major)) return { kind: 'photo', contentType: 'image/heif' }
  if (QUICKTIME_BRANDS.has(major)) return { kind: 'video', contentType: 'video/quicktime' }
  if (MP4_BRANDS.has(major)) return { kind: 'video', contentType: 'video/mp4' }
  return null
}

/** Matroska's EBML header; WebM names itself in the DocType element near the start. */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false
  return ascii(bytes, 0, Math.min(bytes.length, 64)).includes('webm')
}

/** The type of a photo or video from its bytes, or null when it is neither (or one we don't accept). */
export function sniffMedia(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'photo', contentType: 'image/jpeg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'photo', contentType: 'image/png' }
  const gif = ascii(bytes, 0, 6)
  if (gif === 'GIF87a' || gif === 'GIF89a') return { kind: 'photo', contentType: 'image/gif' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'photo', contentType: 'image/webp' }
  const ftyp = sniffFtyp(bytes)
  if (ftyp) return ftyp
  // QuickTime files from before `ftyp` existed start straight with a movie or data atom.
  const firstAtom = ascii(bytes, 4, 8)
  if (firstAtom === 'moov' || firstAtom === 'mdat' || firstAtom === 'wide') {
    return { kind: 'video', contentType: 'video/quicktime' }
  }
  if (isWebm(bytes)) return { kind: 'video', contentType: 'video/webm' }
  return null
}
