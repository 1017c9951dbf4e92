// What an uploaded document really is, from its first bytes: the images spec §5 lists, PDF, and SVG
// (kept, but only ever offered as a download). The sender's file name and declared type are never
// trusted, so an HTML page or a program renamed to .pdf is refused.
import { sniffImageType } from '../accounts/image-upload.ts'
import { sniffMedia } from '../media/sniff.ts'

export type DocumentFileKind = 'image' | 'pdf' | 'svg'

export interface DocumentFileType {
  contentType: string
  kind: DocumentFileKind
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  end <= bytes.length ? String.fromCharCode(...bytes.subarray(start, end)) : ''

const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
const u32le = (bytes: Uint8Array, at: number) => (u16le(bytes, at) + u16le(bytes, at + 2) * 0x10000) >>> 0

/** BMP: 'BM', reserved zeros, and one of the known DIB header sizes — 'BM' alone is too common a start. */
function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || ascii(bytes, 0, 2) !== 'BM') return false
  if (u32le(bytes, 6) !== 0) return false
  return [12, 40, 52, 56, 64, 108, 124].includes(u32le(bytes, 14))
}

function isTiff(bytes: Uint8Array): boolean {
  const head = ascii(bytes, 0, 4)
  return head === 'II*\u0000' || head === 'MM\u0000*'
}

/** ICO: reserved 0, type 1 (icon, not cursor), at least one image, and its directory entry's reserved byte 0. */
function isIco(bytes: Uint8Array): boolean {
  if (bytes.length < 22) return false
  return u16le(bytes, 0) === 0 && u16le(bytes, 2) === 1 && u16le(bytes, 4) > 0 && bytes[9] === 0
}

const isPdf = (bytes: Uint8Array) => ascii(bytes, 0, 5) === '%PDF-'

/** The photo types of the media sniffer that are documents too. */
const DOCUMENT_PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])

/** The document type the bytes hold, or null when it is not one we accept. */
export function sniffDocumentType(bytes: Uint8Array): DocumentFileType | null {
  if (isPdf(bytes)) return { contentType: 'application/pdf', kind: 'pdf' }
  const media = sniffMedia(bytes)
  // HEIC/HEIF photos and videos are media, but not documents every browser can show.
  if (media && DOCUMENT_PHOTO_TYPES.has(media.contentType)) return { contentType: media.contentType, kind: 'image' }
  if (isBmp(bytes)) return { contentType: 'image/bmp', kind: 'image' }
  if (isTiff(bytes)) return { contentType: 'image/tiff', kind: 'image' }
  if (isIco(bytes)) return { contentType: 'image/x-icon', kind: 'image' }
  if (sniffImageType(bytes) === 'image/svg+xml') return { contentType: 'image/svg+xml', kind: 'svg' }
  return null
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/x-icon': 'ico',
  'image/svg+xml': 'svg',
}

/**
 * The extension of a stored document's real type: the cloudflareKey ends with it, so the client tells
 * images, PDFs and other files apart (spec §5's list) — a PNG named scan.pdf is a .png.
 */
export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin'
}
