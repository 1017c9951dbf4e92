// GET /pre-inspection/{mediaId}/pictureDetails and /videoDetails: a capture's signed address, for
// captures that are on the server but not (or no longer) on this device. Cached per media id (spec §3).
import { queryOptions } from '@tanstack/react-query'
import type { MediaDetails } from '../../../core/contract/inspections.ts'
import type { CaptureKind } from '../../lib/checklist.ts'
import { api } from '../../api/client.ts'

const HOUR_MS = 60 * 60 * 1000

export const pretripMediaQuery = (mediaId: string, kind: CaptureKind) =>
  queryOptions({
    queryKey: ['media', mediaId] as const,
    queryFn: () => api.get(`pre-inspection/${mediaId}/${kind === 'photo' ? 'pictureDetails' : 'videoDetails'}`).json<MediaDetails>(),
    // Signed addresses live a day; an hour keeps well inside that.
    staleTime: HOUR_MS,
    // An address is no use offline next week: not worth the room in the persisted cache.
    meta: { persist: false },
  })
