// What kind of file a name or storage key holds, from its extension (spec §5): the image extensions are
// shown as pictures, a PDF is shown and printed, anything else is only downloaded.

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const

export type FileKind = 'image' | 'pdf' | 'other'

/** The lower-case extension after the last dot of the last path segment, or '' when there is none. */
export function fileExtension(nameOrKey: string): string {
  const lastSegment = nameOrKey.split(/[/\\]/).at(-1) ?? ''
  // A query string or fragment (a signed URL) is not part of the name.
  const name = lastSegment.split(/[?#]/)[0] ?? ''
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export function fileKindOf(nameOrKey: string): FileKind {
  const extension = fileExtension(nameOrKey)
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image'
  return extension === 'pdf' ? 'pdf' : 'other'
}

/** Images and PDFs can be shown in the page and printed (spec §9); other files are only downloaded. */
export function isPrintable(kind: FileKind): boolean {
  return kind !== 'other'
}
