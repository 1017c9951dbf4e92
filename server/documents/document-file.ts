// A stored document's file extension, from the type its bytes were recognised as (server/media/file-type.ts).
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
