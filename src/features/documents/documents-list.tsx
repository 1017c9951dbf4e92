// The documents list (spec §2 "App documents" and the unit's "Documents tab"): search, Add, and a table
// of Filename, Attached (app-level list only), Author (owners only) and Actions — view for everyone,
// delete for owners after a confirmation. Empty: 'No Documents Created'. The server searches and pages
// the list; while it cannot be reached the search runs over the documents saved on this device.
import { useCallback, useMemo, useState } from 'react'
import { toast } from 'react-hot-toast'
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { ListSummary } from '../../ui/list-summary.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { AddDocumentModal } from './add-document-modal.tsx'
import { DocumentPreviewModal } from './document-preview-modal.tsx'
import { attachedLabel, matchesDocument } from './document-search.ts'
import { documentPagesKey, documentPagesQuery, type DocumentsScope } from './documents-query.ts'
import { useDeleteDocument } from './use-delete-document.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const DELETE_DOCUMENT_MESSAGE = m('Are you sure you want to delete this document? All data will be deleted!')

export interface DocumentsListProps {
  scope: DocumentsScope
  companyId: string
  userId: string
  isOwner: boolean
}

interface ColumnOptions {
  scope: DocumentsScope
  isOwner: boolean
  onView: (document: CompanyDocument) => void
  onDelete: (document: CompanyDocument) => void
}

/** Built outside the component: cell renderers are plain functions of a document, not components. */
function documentColumns({ scope, isOwner, onView, onDelete }: ColumnOptions): Column<CompanyDocument>[] {
  const columns: Column<CompanyDocument>[] = [
    {
      key: 'fileName',
      header: t('Filename'),
      cell: (document) => (
        <button type="button" onClick={() => onView(document)} className="max-w-full truncate text-left font-medium text-primary hover:underline dark:text-indigo-300">
          {document.fileName}
        </button>
      ),
    },
  ]
  if (scope.kind === 'app') {
    columns.push({ key: 'attached', header: t('Attached'), cell: (document) => <span title={attachedLabel(document)}>{attachedLabel(document) || '—'}</span> })
  }
  if (isOwner) {
    columns.push({
      key: 'author',
      header: t('Author'),
      cell: (document) => (document.authorId ? `${document.authorId.firstName} ${document.authorId.lastName}` : '—'),
    })
  }
  columns.push({
    key: 'actions',
    header: t('Actions'),
    className: 'w-32',
    cell: (document) => (
      <span className="flex gap-1">
        <IconButton icon="open" label={t('View {fileName}', { fileName: document.fileName })} onClick={() => onView(document)} />
        {isOwner && <IconButton icon="delete" tone="danger" label={t('Delete {fileName}', { fileName: document.fileName })} onClick={() => onDelete(document)} />}
      </span>
    ),
  })
  return columns
}

const documentId = (document: CompanyDocument) => document._id
const DOCUMENT_NOUN = { one: m('document'), many: m('documents') }

export function DocumentsList({ scope, companyId, userId, isOwner }: DocumentsListProps) {
  const [term, setTerm] = useState('')
  const q = useDebouncedValue(term.trim())
  const [adding, setAdding] = useState(false)
  const [viewing, setViewing] = useState<CompanyDocument | null>(null)
  const [deleting, setDeleting] = useState<CompanyDocument | null>(null)
  const deleteDocument = useDeleteDocument()
  // Newest first on the server; the saved documents keep that order.
  const offlineView = useCallback((saved: CompanyDocument[]) => saved.filter((document) => matchesDocument(document, q)), [q])
  const documents = usePagedList({
    query: documentPagesQuery(companyId, scope, q),
    keyPrefix: documentPagesKey(companyId, scope),
    idOf: documentId,
    offlineView,
  })

  const columns = useMemo(() => documentColumns({ scope, isOwner, onView: setViewing, onDelete: setDeleting }), [scope, isOwner])

  const confirmDelete = async (document: CompanyDocument) => {
    try {
      const { message } = await deleteDocument.mutateAsync(document._id)
      toast.success(message)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setDeleting(null)
    }
  }

  const offline = documents.offline ? { saved: documents.offline.saved, searching: q !== '' } : null
  let empty = documents.total === 0 && q === '' ? t('No Documents Created') : t('No documents match your search.')
  if (offline) empty = offline.saved === 0 ? t('No documents are saved on this device yet.') : t('No saved documents match your search.')

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={term} onChange={setTerm} placeholder={t('Search documents...')} className="min-w-0 flex-1" />
        <Button onClick={() => setAdding(true)}>{t('Add')}</Button>
      </div>
      {documents.isPending ? (
        <SkeletonList label={t('Loading documents')} />
      ) : documents.error ? (
        <RetryAlert retryLabel={t('Retry')} onRetry={documents.retry}>
          {documents.error.message}
        </RetryAlert>
      ) : (
        <div>
          {(documents.rows.length > 0 || offline) && <ListSummary shown={documents.rows.length} total={documents.total} noun={DOCUMENT_NOUN} offline={offline} />}
          <DataTable
            columns={columns}
            rows={documents.rows}
            rowKey={documentId}
            label={t('Documents')}
            empty={
              // Darker than the table's default grey, which is too faint on the page background (axe color-contrast).
              <span className="text-slate-600 dark:text-slate-300">{empty}</span>
            }
            total={documents.total}
            hasMore={documents.hasMore}
            loadingMore={documents.isFetchingMore}
            onLoadMore={documents.loadMore}
            busy={documents.isUpdating}
            resetKey={q}
          />
        </div>
      )}
      {adding && <AddDocumentModal scope={scope} isOwner={isOwner} userId={userId} companyId={companyId} onClose={() => setAdding(false)} />}
      {viewing && <DocumentPreviewModal document={viewing} onClose={() => setViewing(null)} />}
      {deleting && (
        <ConfirmDialog
          message={tr(DELETE_DOCUMENT_MESSAGE)}
          pending={deleteDocument.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
