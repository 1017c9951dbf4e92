// Captured photos and videos on the device: bytes as ArrayBuffer chunks of ≤ 4 MB plus MIME type and
// name — never one huge value (fails on iOS, Dexie#1638) and never a Blob (Safari, Dexie#618/#1919).
import type { MediaChunkRecord, MediaRecord, OutboxDb } from './outbox-db.ts'

export const CHUNK_BYTES = 4 * 1024 * 1024

/** A capture left incomplete this long ago is a crash's leftover, not another tab still writing. */
const INCOMPLETE_MEDIA_TTL_MS = 60 * 60_000

/** The bytes of a Blob slice; FileReader where Blob.arrayBuffer is missing (older engines, jsdom). */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'))
    reader.readAsArrayBuffer(blob)
  })
}

/**
 * Writes a capture's bytes chunk by chunk (each its own write, so a long video never sits in memory
 * whole) under an incomplete record; the caller marks it complete together with the draft and op.
 */
export async function storeMediaBytes(
  db: OutboxDb,
  options: { mediaId: string; draftId: string; blob: Blob; name: string; now: number },
): Promise<MediaRecord> {
  const { mediaId, draftId, blob, name, now } = options
  const chunkCount = Math.ceil(blob.size / CHUNK_BYTES)
  const record: MediaRecord = {
    mediaId,
    draftId,
    type: blob.type || 'application/octet-stream',
    name,
    size: blob.size,
    chunkCount,
    complete: false,
    createdAt: now,
  }
  await db.media.put(record)
  for (let index = 0; index < chunkCount; index++) {
    const bytes = await blobBytes(blob.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES))
    await db.mediaChunks.put({ mediaId, index, bytes })
  }
  return record
}

/** The stored capture with its chunks in order, or null when its bytes are not on this device. */
export async function readMedia(db: OutboxDb, mediaId: string): Promise<{ record: MediaRecord; parts: ArrayBuffer[] } | null> {
  const record = await db.media.get(mediaId)
  if (!record || !record.complete) return null
  const chunks: MediaChunkRecord[] = await db.mediaChunks.where('mediaId').equals(mediaId).sortBy('index')
  if (chunks.length !== record.chunkCount) return null
  return { record, parts: chunks.map((chunk) => chunk.bytes) }
}

/** Drops the bytes of the given captures (the caller decides it is safe). */
export async function deleteMediaBytes(db: OutboxDb, mediaIds: string[]): Promise<void> {
  if (mediaIds.length === 0) return
  await db.mediaChunks.where('mediaId').anyOf(mediaIds).delete()
  await db.media.bulkDelete(mediaIds)
}

/** Drops every stored capture of a draft. */
export async function deleteDraftMediaBytes(db: OutboxDb, draftId: string): Promise<void> {
  const ids = (await db.media.where('draftId').equals(draftId).primaryKeys()) as string[]
  await deleteMediaBytes(db, ids)
}

/** Frees the chunks of captures a crash interrupted mid-write (never referenced by a draft or op). */
export async function sweepIncompleteMedia(db: OutboxDb, now: number): Promise<void> {
  const stale = await db.media.filter((record) => !record.complete && record.createdAt < now - INCOMPLETE_MEDIA_TTL_MS).primaryKeys()
  await deleteMediaBytes(db, stale as string[])
}

/**
 * Bytes `start` to `end` of a stored capture, reading only the chunks that hold them (a resumable
 * upload reads a long video this way, one slice per request). Null when the capture is not on this device.
 */
export async function readMediaSlice(db: OutboxDb, mediaId: string, start: number, end: number): Promise<Blob | null> {
  const record = await db.media.get(mediaId)
  if (!record || !record.complete) return null
  const first = Math.floor(start / CHUNK_BYTES)
  const last = Math.max(first, Math.ceil(Math.min(end, record.size) / CHUNK_BYTES) - 1)
  const chunks = await db.mediaChunks.where('[mediaId+index]').between([mediaId, first], [mediaId, last], true, true).toArray()
  if (chunks.length !== last - first + 1) return null
  const offset = first * CHUNK_BYTES
  return new Blob(chunks.map((chunk) => chunk.bytes)).slice(start - offset, end - offset)
}
