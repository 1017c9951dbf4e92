// The 'Preview' gallery of one inspection's pictures or videos: each slide's address is loaded on its
// own (and cached per media id), so the first photo shows while the others still load.
import { MediaDetailsGallery } from '../../ui/media-details-gallery.tsx'
import { mediaDetailsQuery, type InspectionSource, type MediaListKind } from './media-details-query.ts'

export interface InspectionMediaGalleryProps {
  source: InspectionSource
  kind: MediaListKind
  mediaIds: readonly string[]
  onClose: () => void
}

export function InspectionMediaGallery({ source, kind, mediaIds, onClose }: InspectionMediaGalleryProps) {
  return <MediaDetailsGallery mediaIds={mediaIds} queryOf={(id) => mediaDetailsQuery(source, kind, id)} onClose={onClose} />
}
