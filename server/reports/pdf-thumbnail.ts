// A stored photo or poster frame made thumbnail-size before it goes into a PDF. The PDF draws each one
// in a 96 pt box, so the stored 2048 px (or a 12 MP original some client sent) would only make the file
// tens of MB for nothing; a 288 px long edge is 3 pixels per point, sharp on paper and on a retina screen.
// sharp (libvips, prebuilt per platform, no install script) decodes JPEG shrunk on load, so a 12 MP photo
// costs tens of milliseconds, and turns it upright by its EXIF orientation, which pdf-lib ignores.
import type SharpModule from 'sharp'

// Loaded with the first PDF, not at start: sharp brings libvips, about 25 MB of resident memory that a
// server which never draws a PDF would hold for nothing (docs/decisions/020-a-lighter-embedded-database.md).
let loading: Promise<typeof SharpModule> | undefined
const loadSharp = () => (loading ??= import('sharp').then((module) => module.default))

/** Long edge, in pixels, of a thumbnail embedded in a PDF. */
export const PDF_THUMB_PIXELS = 288
/** JPEG quality of a thumbnail: at its printed size no loss shows. */
const PDF_THUMB_QUALITY = 75

/**
 * The image as a small JPEG, or null when sharp cannot read it (the caller then embeds what is stored,
 * as far as pdf-lib can, or lists the photo by name). Transparency is laid on white, as paper shows it.
 */
export async function pdfThumbnail(bytes: Uint8Array): Promise<Uint8Array | null> {
  const sharp = await loadSharp()
  try {
    const out = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(PDF_THUMB_PIXELS, PDF_THUMB_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PDF_THUMB_QUALITY, mozjpeg: true })
      .toBuffer()
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength)
  } catch {
    return null
  }
}
