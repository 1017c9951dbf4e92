// One byte range of a stored file, as an HTTP Range header asks for it (RFC 9110 §14.1.2), and the
// bytes of a file of known size that range covers. The files route parses; each store resolves.

/** From `start` to `end` inclusive (to the last byte when `end` is absent), or the last `suffix` bytes. */
export type ByteRangeRequest = { start: number; end?: number } | { suffix: number }

/** Inclusive first and last byte positions. */
export interface ByteSpan {
  start: number
  end: number
}

/**
 * The one range a `Range` header asks for, or undefined when the whole file is the answer: no header,
 * several ranges, or a malformed one — a server may ignore those (RFC 9110 §14.2).
 */
export function parseRangeHeader(header: string | undefined): ByteRangeRequest | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] === '') return { suffix: Number(match[2]) }
  const start = Number(match[1])
  if (match[2] === '') return { start }
  const end = Number(match[2])
  // A last position before the first makes the range invalid, which is ignored like any malformed one.
  if (end < start) return undefined
  return { start, end }
}

/** The bytes of a `size`-byte file the range covers, or null when it covers none (answered 416). */
export function resolveByteRange(range: ByteRangeRequest, size: number): ByteSpan | null {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return null
    return { start: Math.max(0, size - range.suffix), end: size - 1 }
  }
  if (range.start >= size) return null
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) }
}

/** The range as a `Range` request header, for stores that pass it on (S3). */
export function rangeHeader(range: ByteRangeRequest): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`
  return `bytes=${range.start}-${range.end ?? ''}`
}

/** `bytes 2-5/10` → the span and the whole size; null for anything else. */
export function parseContentRange(header: string | undefined): { span: ByteSpan; size: number } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim()) : null
  if (!match) return null
  return { span: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) }
}
