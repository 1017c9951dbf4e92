// Opens a document's preview with fresh signed addresses from GET /documents/{id}/details.
import { useQuery } from '@tanstack/react-query'
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { fileKindOf } from '../../lib/file-kind.ts'
import { DocumentPreview } from '../../ui/document-preview.tsx'
import { documentDetailsQuery } from './document-details-query.ts'

export function DocumentPreviewModal({ document, onClose }: { document: CompanyDocument; onClose: () => void }) {
  const details = useQuery(documentDetailsQuery(document._id))
  const previewable = details.data
    ? {
        fileName: details.data.fileName,
        url: details.data.url,
        downloadUrl: details.data.downloadUrl,
        // The key's extension names the file's real type (the server sniffed it from the bytes).
        kind: fileKindOf(details.data.cloudflareKey),
      }
    : null
  return <DocumentPreview title={document.fileName} document={previewable} error={details.error?.message ?? null} onClose={onClose} />
}
