// The documents lists (spec §7 "Documents"): a unit's (GET /documents/{companyId}/unit/{unitId}) and the
// app-level one (GET /documents/{companyId}/all). The server decides what a driver sees in both.
import { queryOptions } from '@tanstack/react-query'
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { api } from '../../api/client.ts'

export const documentsKeyRoot = ['documents'] as const

export type DocumentsScope = { kind: 'app' } | { kind: 'unit'; unitId: string }

export const documentsQuery = (companyId: string, scope: DocumentsScope) =>
  queryOptions({
    queryKey: [...documentsKeyRoot, 'list', companyId, scope.kind === 'unit' ? scope.unitId : 'all'] as const,
    queryFn: () =>
      api.get(scope.kind === 'unit' ? `documents/${companyId}/unit/${scope.unitId}` : `documents/${companyId}/all`).json<CompanyDocument[]>(),
  })
