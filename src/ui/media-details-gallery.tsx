// The 'Preview' gallery of captures known by their media ids: each slide's signed address is loaded on
// its own (and cached per media id), so the first photo shows while the others still load. Screens
// give the query of one id (an inspection's, a pre-trip's, a defect's).
import { useQueries, type UseQueryOptions } from '@tanstack/react-query'
import type { MediaDetails } from '../../core/contract/inspections.ts'
import { MediaGallery, type GallerySlide } from './media-gallery.tsx'

export interface MediaDetailsGalleryProps {
  mediaIds: readonly string[]
  /** Every media query is keyed ['media', id], so a capture's address is cached once for every screen. */
  queryOf: (mediaId: string) => UseQueryOptions<MediaDetails, Error, MediaDetails, readonly ['media', string]>
  onClose: () => void
}

export function MediaDetailsGallery({ mediaIds, queryOf, onClose }: MediaDetailsGalleryProps) {
  const slides = useQueries({
    queries: mediaIds.map(queryOf),
    combine: (results) =>
      results.map((result, index): GallerySlide => {
        const key = mediaIds[index] ?? String(index)
        const details = result.data
        if (details) {
          return { key, status: 'ready', kind: details.type, src: details.signedUrl, name: details.fileName, poster: details.posterUrl ?? null, capturedAt: details.capturedAt ?? null, location: details.location ?? null }
        }
        return result.isError ? { key, status: 'error' } : { key, status: 'loading' }
      }),
  })
  return <MediaGallery slides={slides} onClose={onClose} />
}
