// Changing the reservation's pictures once they are kept: an edited picture replaces the stored one,
// and 'Remove all images' removes every picture — those the server holds too, through the outbox
// (draft-store.ts removeCapture), so a wrong picture never has to stay.
import { addCapture, removeCapture } from '../../outbox/draft-store.ts'
import type { OutboxDb } from '../../outbox/outbox-db.ts'
import { m, tr } from '../../i18n/translate.ts'

export const PICTURE_GONE_MESSAGE = m('This picture is no longer on this reservation.')

/** An edited picture takes the place of the stored one; the old one goes once the new is kept. */
export async function replacePhoto(db: OutboxDb, draftId: string, mediaId: string, edited: Blob, name: string): Promise<void> {
  const draft = await db.drafts.get(draftId)
  const ref = draft?.media.find((candidate) => candidate.mediaId === mediaId)
  if (!ref) throw new Error(tr(PICTURE_GONE_MESSAGE))
  const jpegName = `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`
  await addCapture(db, draftId, edited, { item: null, kind: 'photo', name: jpegName })
  await removeCapture(db, draftId, mediaId)
}

/** Removes every picture of the reservation, on the device and (through the outbox) on the server. */
export async function removeAllPhotos(db: OutboxDb, draftId: string): Promise<void> {
  const draft = await db.drafts.get(draftId)
  for (const ref of draft?.media.filter((candidate) => candidate.kind === 'photo') ?? []) await removeCapture(db, draftId, ref.mediaId)
}
