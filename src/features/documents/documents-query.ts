// The documents lists (spec §7 "Documents"), a page at a time and searched by the server: a unit's
// (GET /documents/{companyId}/unit/{unitId}) and the app-level one (GET /documents/{companyId}/all),
// newest first. The server decides what a driver sees in both.
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { pagedListQuery } from '../../api/paged-list.ts'

export const documentsKeyRoot = ['documents'] as const

export type DocumentsScope = { kind: 'app' } | { kind: 'unit'; unitId: string }

/** Every search of one documents list (the app-level one, or one unit's). */
export const documentPagesKey = (companyId: string, scope: DocumentsScope) =>
  [...documentsKeyRoot, 'pages', companyId, scope.kind === 'unit' ? scope.unitId : 'all'] as const

export const documentPagesQuery = (companyId: string, scope: DocumentsScope, q?: string) =>
  pagedListQuery<CompanyDocument, readonly [...ReturnType<typeof documentPagesKey>, { q?: string }]>({
    queryKey: [...documentPagesKey(companyId, scope), q ? { q } : {}],
    path: scope.kind === 'unit' ? `documents/${companyId}/unit/${scope.unitId}` : `documents/${companyId}/all`,
    params: { q },
  })
