// Resumable uploads (resumable-uploads.ts) in the bucket: tus's S3 store writes an upload as an S3
// multipart upload under `uploads/{id}`. Apart from resumable-uploads.ts so that the AWS SDK and the tus
// S3 store are loaded with the S3 file store, only when S3 is configured (about 9 MB of RSS otherwise;
// docs/decisions/020-a-lighter-embedded-database.md).
import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand, type S3 } from '@aws-sdk/client-s3'
import { S3Store, type Options as S3StoreOptions } from '@tus/s3-store'
import { firstBytes, RESUMABLE_EXPIRY_MS, type ResumableUploads } from './resumable-uploads.ts'

/** The bucket's tus store, sending through the app's one kept client. */
class KeptClientS3Store extends S3Store {
  constructor(options: S3StoreOptions, client: S3) {
    super(options)
    this.client = client
  }
}

export function s3ResumableUploads(client: S3, bucket: string, options: { partSize?: number } = {}): ResumableUploads {
  const datastore = new KeptClientS3Store(
    // The client config is unused (the kept client replaces the store's own); the bucket is not.
    { s3ClientConfig: { bucket }, partSize: options.partSize, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS },
    client,
  )
  return {
    datastore,
    async head(id, bytes) {
      return firstBytes(await datastore.read(id), bytes)
    },
    async setType(id, contentType) {
      const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: id }))
      if (found.ContentType === contentType) return
      // The type declared at creation was the sender's word; the stored one must be what the bytes are.
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: id, CopySource: `${bucket}/${id}`, ContentType: contentType, MetadataDirective: 'REPLACE' }))
    },
    async forget(id) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${id}.info` }))
    },
    async remove(id) {
      await datastore.remove(id).catch(() => undefined)
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: id }))
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${id}.info` }))
      // The tail smaller than an S3 part, which the tus store keeps aside until more arrives (its
      // own remove leaves it behind).
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${id}.part` }))
    },
    deleteExpired: () => datastore.deleteExpired(),
  }
}
