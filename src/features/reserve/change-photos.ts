// Changing the reservation's pictures once they are kept: an edited picture replaces the stored one,
// and 'Remove all images' — both only for pictures the server has not got (it cannot delete one).
import { addCapture, removeCapture } from '../../outbox/draft-store.ts'
import type { OutboxDb } from '../../outbox/outbox-db.ts'

export const ALREADY_ON_CLOUD_MESSAGE = 'This picture is already on the cloud and can no longer be changed or removed.'

/**
 * An edited picture takes the place of the stored one. Only a picture the server has not got can be
 * replaced (the API has no way to delete one it holds); the old one goes only once the new is kept.
 */
export async function replacePhoto(db: OutboxDb, draftId: string, mediaId: string, edited: Blob, name: string): Promise<void> {
  const draft = await db.drafts.get(draftId)
  const ref = draft?.media.find((candidate) => candidate.mediaId === mediaId)
  if (!ref || ref.state === 'sent') throw new Error(ALREADY_ON_CLOUD_MESSAGE)
  const jpegName = `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`
  const added = await addCapture(db, draftId, edited, { item: null, kind: 'photo', name: jpegName })
  if (await removeCapture(db, draftId, mediaId)) return
  // Its upload began meanwhile: keep the original (it is on its way to the server), drop the copy.
  await removeCapture(db, draftId, added.mediaId)
  throw new Error(ALREADY_ON_CLOUD_MESSAGE)
}

/** Removes every picture the server has not got; returns how many stay because it has them. */
export async function removeAllPhotos(db: OutboxDb, draftId: string): Promise<number> {
  const draft = await db.drafts.get(draftId)
  let kept = 0
  for (const ref of draft?.media.filter((candidate) => candidate.kind === 'photo') ?? []) {
    if (!(await removeCapture(db, draftId, ref.mediaId))) kept++
  }
  return kept
}
