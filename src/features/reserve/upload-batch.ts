// The overlay's figures for one kind of capture: whether a batch is uploading, and its percentage —
// counted from the captures not yet on the cloud when the batch began, so each batch runs 0 → 100.
import { useState } from 'react'
import type { MediaKind } from '../../../core/contract/media-limits.ts'
import type { MediaRef } from '../../outbox/outbox-db.ts'
import type { CaptureSendState } from '../../outbox/use-outbox.ts'
import { batchPercent, isUploading } from './upload-state.ts'

const NONE: ReadonlySet<string> = new Set()

export function useUploadBatch(media: MediaRef[], states: Map<string, CaptureSendState>, kind: MediaKind, online: boolean) {
  const uploading = isUploading(media, states, kind, online)
  const [batch, setBatch] = useState<{ active: boolean; before: ReadonlySet<string> }>({ active: false, before: NONE })
  // Adjusted while rendering (React's pattern for state derived from a change): the batch begins
  // with what the server already holds at that moment.
  if (batch.active !== uploading) {
    const before = uploading ? new Set(media.filter((ref) => ref.kind === kind && ref.state === 'sent').map((ref) => ref.mediaId)) : NONE
    setBatch({ active: uploading, before })
  }
  return { uploading, percent: uploading ? batchPercent(media, states, kind, batch.before) : 0 }
}
