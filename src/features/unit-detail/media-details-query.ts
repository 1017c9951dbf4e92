// GET /inspection/{id}/pictureDetails and /videoDetails (or the /pre-inspection twins): one photo's or
// video's signed address. Cached per media id (spec §3), well inside the address's day-long life.
import { queryOptions } from '@tanstack/react-query'
import type { MediaDetails } from '../../../core/contract/inspections.ts'
import { api } from '../../api/client.ts'

export type InspectionSource = 'inspection' | 'pre-inspection'
export type MediaListKind = 'pictures' | 'videos'

const HOUR_MS = 60 * 60 * 1000

export const mediaDetailsQuery = (source: InspectionSource, kind: MediaListKind, mediaId: string) =>
  queryOptions({
    queryKey: ['media', mediaId] as const,
    queryFn: () => api.get(`${source}/${mediaId}/${kind === 'pictures' ? 'pictureDetails' : 'videoDetails'}`).json<MediaDetails>(),
    staleTime: HOUR_MS,
  })
