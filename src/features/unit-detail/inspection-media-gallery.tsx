// The 'Preview' gallery of one inspection's pictures or videos: each slide's address is loaded on its
// own (and cached per media id), so the first photo shows while the others still load.
import { useQueries } from '@tanstack/react-query'
import { MediaGallery, type GallerySlide } from '../../ui/media-gallery.tsx'
import { mediaDetailsQuery, type InspectionSource, type MediaListKind } from './media-details-query.ts'

export interface InspectionMediaGalleryProps {
  source: InspectionSource
  kind: MediaListKind
  mediaIds: readonly string[]
  onClose: () => void
}

export function InspectionMediaGallery({ source, kind, mediaIds, onClose }: InspectionMediaGalleryProps) {
  const slides = useQueries({
    queries: mediaIds.map((id) => mediaDetailsQuery(source, kind, id)),
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
