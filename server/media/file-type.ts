// The one file-type sniffer: what an upload really is, read from its bytes by the `file-type` package and
// held against the allow-list of each use (inspection media, documents, avatars and licences). A file's
// name and declared type are the sender's word; the stored Content-Type comes only from here, so an HTML
// page named .jpg is refused everywhere the same way.
import { fileTypeFromBuffer } from 'file-type'
import { PHOTO_TYPES, VIDEO_TYPES, type MediaKind, type PhotoType, type VideoType } from '../../core/contract/media-limits.ts'

export interface SniffedMedia {
  kind: MediaKind
  contentType: PhotoType | VideoType
}

export type DocumentFileKind = 'image' | 'pdf' | 'svg'

export interface DocumentFileType {
  contentType: string
  kind: DocumentFileKind
}

const SVG_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i

/**
 * SVG is text, which `file-type` does not judge: it is recognised by its root element. It is accepted
 * where the product names it (avatar hint, documents) and only ever served as a download.
 */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '')
  return SVG_START.test(head)
}

/** The MIME type the bytes hold (binary formats by signature, SVG by its root element), or null. */
async function contentTypeOf(bytes: Uint8Array): Promise<string | null> {
  // First: file-type calls an SVG with an XML declaration plain 'application/xml'.
  if (isSvg(bytes)) return 'image/svg+xml'
  return (await fileTypeFromBuffer(bytes))?.mime ?? null
}

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value)

/** An inspection photo or video of a type we accept, or null (AVIF, M4A audio, Matroska… are real media, but not ours). */
export async function sniffMedia(bytes: Uint8Array): Promise<SniffedMedia | null> {
  const contentType = await contentTypeOf(bytes)
  if (contentType === null) return null
  if (includes(PHOTO_TYPES, contentType)) return { kind: 'photo', contentType }
  if (includes(VIDEO_TYPES, contentType)) return { kind: 'video', contentType }
  return null
}

/** Document images are the ones every browser shows (spec §5's extensions); HEIC photos are media only. */
const DOCUMENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/x-icon'] as const

/** A document's real type: a listed image, a PDF, or an SVG (kept, but only offered as a download). */
export async function sniffDocumentType(bytes: Uint8Array): Promise<DocumentFileType | null> {
  const contentType = await contentTypeOf(bytes)
  if (contentType === 'application/pdf') return { contentType, kind: 'pdf' }
  if (contentType === 'image/svg+xml') return { contentType, kind: 'svg' }
  if (contentType !== null && includes(DOCUMENT_IMAGE_TYPES, contentType)) return { contentType, kind: 'image' }
  return null
}

/** Avatar and licence images: the types the avatar hint names ('SVG, PNG, JPG or GIF') plus WebP. */
const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const

export async function sniffImageType(bytes: Uint8Array): Promise<string | null> {
  const contentType = await contentTypeOf(bytes)
  return contentType !== null && includes(PROFILE_IMAGE_TYPES, contentType) ? contentType : null
}
