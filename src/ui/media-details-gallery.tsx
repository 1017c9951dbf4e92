// The 'Preview' gallery over media fetched one by one: each slide's signed address is its own query
// (cached per media id), so the first photo shows while the others still load. The unit's inspection
// lists and the driver's previous pre-trips open it, each with its own details request.
import { useQueries, type UseQueryOptions } from '@tanstack/react-query'
import type { MediaDetails } from '../../core/contract/inspections.ts'
import { MediaGallery, type GallerySlide } from './media-gallery.tsx'

export interface MediaDetailsGalleryProps {
  mediaIds: readonly string[]
  /** The query for one media id's details (its signed address, name and kind). */
  queryOf: (mediaId: string) => UseQueryOptions<MediaDetails, Error, MediaDetails, readonly ['media', string]>
  onClose: () => void
}

export function MediaDetailsGallery({ mediaIds, queryOf, onClose }: MediaDetailsGalleryProps) {
  const slides = useQueries({
    queries: mediaIds.map((id) => queryOf(id)),
    combine: (results) =>
      results.map((result, index): GallerySlide => {
        const key = mediaIds[index] ?? String(index)
        if (result.data) return { key, status: 'ready', kind: result.data.type, src: result.data.signedUrl, name: result.data.fileName }
        return result.isError ? { key, status: 'error' } : { key, status: 'loading' }
      }),
  })
  return <MediaGallery slides={slides} onClose={onClose} />
}
