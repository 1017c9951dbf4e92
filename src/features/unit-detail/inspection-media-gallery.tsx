// The 'Preview' gallery of one inspection's pictures or videos (spec §2), each slide's address loaded on
// its own through the inspection's media details.
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
