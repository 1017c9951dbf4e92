// GET /documents/{id}/details: the document with fresh signed addresses, read each time a preview opens
// (a listed address may have expired since the list loaded). Never kept on the device: its addresses
// are credentials for the file.
import { queryOptions } from '@tanstack/react-query'
import type { DocumentDetails } from '../../../core/contract/documents.ts'
import { api } from '../../api/client.ts'
import { documentsKeyRoot } from './documents-query.ts'

export const documentDetailsQuery = (documentId: string) =>
  queryOptions({
    queryKey: [...documentsKeyRoot, 'details', documentId] as const,
    queryFn: () => api.get(`documents/${documentId}/details`).json<DocumentDetails>(),
    staleTime: 0,
    meta: { persist: false },
  })
