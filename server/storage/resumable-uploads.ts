// Resumable uploads (tus 1.0, issue 16) stored where every other file is: a tus data store that writes
// an upload's bytes as they arrive under the file key `uploads/{id}` — on disk in DATA_DIR/files, or in
// the bucket as an S3 multipart upload — so a finished upload needs no copy to become a stored file.
// tus keeps its own record of an upload beside it (`{key}.json` on disk, `{key}.info` in the bucket)
// until a capture names the upload's file (or the upload is removed). The bucket's store is in
// s3-resumable-uploads.ts, loaded with the S3 file store only when S3 is configured.
import { FileStore as TusDiskStore } from '@tus/file-store'
import { FileKvStore, type DataStore, type KvStore, type Upload } from '@tus/utils'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/** An upload left unfinished (or finished and never attached) this long is removed by the sweep. */
export const RESUMABLE_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000
export const UPLOADS_FOLDER = 'uploads'

export interface ResumableUploads {
  /** The tus data store the /api/uploads routes write to. */
  datastore: DataStore
  /** Up to `bytes` first bytes of an upload (to tell its type). */
  head(id: string, bytes: number): Promise<Uint8Array>
  /** A finished upload is served as this type under its key (its id), like any stored file. Repeatable. */
  setType(id: string, contentType: string): Promise<void>
  /** Drops tus's record of an upload a capture now names (a job, once that capture is committed). */
  forget(id: string): Promise<void>
  /** Removes an upload, finished or not, with tus's record; an upload already gone is no error. */
  remove(id: string): Promise<void>
  /** Removes expired uploads (the hourly sweep). */
  deleteExpired(): Promise<number>
}

const UPLOAD_ID = /^uploads\/[0-9a-f-]{36}$/

export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id)
}

export async function firstBytes(stream: Readable, bytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer)
      size += (chunk as Buffer).length
      if (size >= bytes) break
    }
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks).subarray(0, bytes)
}

/** tus's JSON records of `uploads/{id}` kept as `{root}/uploads/{id}.json`, listed for expiry. */
function uploadsKvStore(root: string): KvStore<Upload> {
  const inner = new FileKvStore<Upload>(path.join(root, UPLOADS_FOLDER))
  const local = (key: string) => key.slice(UPLOADS_FOLDER.length + 1)
  return {
    get: (key) => inner.get(local(key)),
    set: (key, value) => inner.set(local(key), value),
    delete: (key) => inner.delete(local(key)),
    // No folder yet: no upload was ever made here.
    list: async () => (await inner.list().catch(() => [] as string[])).map((key) => `${UPLOADS_FOLDER}/${key}`),
  }
}

/** Uploads under `{root}/uploads/{id}`, beside the disk store's other folders. */
export function diskResumableUploads(root: string): ResumableUploads {
  const datastore = new TusDiskStore({ directory: root, configstore: uploadsKvStore(root), expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS })
  const fileOf = (id: string) => {
    if (!isUploadId(id)) throw new Error(`invalid upload id ${id}`)
    return path.join(root, id)
  }
  return {
    datastore,
    head: (id, bytes) => firstBytes(datastore.read(id), bytes),
    // The disk store (storage.ts) serves a file with the type written beside it.
    setType: (id, contentType) => writeFile(`${fileOf(id)}.type`, contentType),
    forget: (id) => rm(`${fileOf(id)}.json`, { force: true }),
    async remove(id) {
      const file = fileOf(id)
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true }), rm(`${file}.type`, { force: true })])
    },
    deleteExpired: () => datastore.deleteExpired(),
  }
}
