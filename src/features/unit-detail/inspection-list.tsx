// The Inspections and Pre-Trip tabs' list (spec §2): one row per finished inspection, headed by its
// created date ('MM-DD-YYYY HH:mm') and author; opening a row closes the one open before it. Only the
// rows in view are rendered, and the next page is asked for as they near the last one loaded.
import { useId, useState } from 'react'
import type { DriverContact, InspectionListItem } from '../../../core/contract/inspections.ts'
import { formatInspectionDate } from '../../lib/dates.ts'
import { CopyContact } from '../../ui/copy-contact.tsx'
import { VirtualList, type VirtualListProps } from '../../ui/virtual-list.tsx'
import { InspectionMediaGallery } from './inspection-media-gallery.tsx'
import type { InspectionSource, MediaListKind } from './media-details-query.ts'
import { ReportPdfButton } from '../../ui/report-pdf-button.tsx'
import { ReportResults } from '../../ui/report-results.tsx'
import { t } from '../../i18n/translate.ts'

/** The open row after a click on `clicked`: it opens, or closes when it was the open one. */
export function nextOpenRow(open: string | null, clicked: string): string | null {
  return open === clicked ? null : clicked
}

export type InspectionListProps = {
  items: readonly InspectionListItem[]
  source: InspectionSource
  label: string
  /** The contact shown for a row whose inspection names no driver (a pre-trip: its author). */
  contactFor?: (item: InspectionListItem) => DriverContact | null
} & Pick<VirtualListProps<InspectionListItem>, 'total' | 'hasMore' | 'loadingMore' | 'onLoadMore'>

const ROW_ESTIMATE_PX = 49
const inspectionId = (item: InspectionListItem) => item.inspection_id._id

export function InspectionList({ items, source, label, contactFor, ...paging }: InspectionListProps) {
  const [open, setOpen] = useState<string | null>(null)
  return (
    <VirtualList
      rows={items}
      rowKey={inspectionId}
      label={label}
      estimateSize={ROW_ESTIMATE_PX}
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-strokedark dark:border-strokedark dark:bg-boxdark"
      renderRow={(item) => (
        <InspectionRow
          item={item}
          source={source}
          open={open === item.inspection_id._id}
          onToggle={() => setOpen((current) => nextOpenRow(current, item.inspection_id._id))}
          contact={item.inspection_id.to_user ?? contactFor?.(item) ?? null}
        />
      )}
      {...paging}
    />
  )
}

interface InspectionRowProps {
  item: InspectionListItem
  source: InspectionSource
  open: boolean
  onToggle: () => void
  contact: DriverContact | null
}

function InspectionRow({ item, source, open, onToggle, contact }: InspectionRowProps) {
  const panelId = useId()
  const inspection = item.inspection_id
  const author = `${item.user_id.firstName} ${item.user_id.lastName}`
  const created = formatInspectionDate(inspection.createdAt)
  return (
    <>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${created} ${author}`}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary dark:hover:bg-boxdark-2"
        >
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <time dateTime={inspection.createdAt} className="font-medium">
              {created}
            </time>
            <span className="text-slate-600 dark:text-slate-300">{author}</span>
          </span>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className={`h-5 w-5 shrink-0 transition ${open ? 'rotate-180' : ''}`}>
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h3>
      {open && (
        <div id={panelId} className="border-t border-slate-200 px-4 py-4 dark:border-strokedark">
          <InspectionDetails item={item} source={source} contact={contact} />
        </div>
      )}
    </>
  )
}

function InspectionDetails({ item, source, contact }: { item: InspectionListItem; source: InspectionSource; contact: DriverContact | null }) {
  const inspection = item.inspection_id
  const [gallery, setGallery] = useState<MediaListKind | null>(null)
  const signature = inspection.signature
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <section aria-label={t('Assigned driver')} className="flex flex-col gap-1 text-sm">
        <h4 className="font-semibold text-slate-900 dark:text-white">{t('Driver')}</h4>
        {contact ? (
          <>
            <p>
              {contact.firstName} {contact.lastName}
            </p>
            <CopyContact kind="phone" value={contact.phone} />
            <CopyContact kind="email" value={contact.email} />
          </>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{t('No driver')}</p>
        )}
      </section>
      <section aria-label={t('Media')} className="flex flex-wrap items-start gap-3">
        <MediaButton label={t('Pictures')} count={inspection.picture_ids.length} onClick={() => setGallery('pictures')} />
        <MediaButton label={t('Videos')} count={inspection.video_ids.length} onClick={() => setGallery('videos')} />
        {source === 'pre-inspection' && <ReportPdfButton reportId={inspection._id} />}
      </section>
      {inspection.dvir && (
        <section aria-label={t('Results')} className="text-sm md:col-span-2">
          <h4 className="mb-1 font-semibold text-slate-900 dark:text-white">{t('Results')}</h4>
          <ReportResults results={inspection.dvir.results} />
        </section>
      )}
      <section aria-label={t('Description')} className="text-sm">
        <h4 className="mb-1 font-semibold text-slate-900 dark:text-white">{t('Description')}</h4>
        <p className="whitespace-pre-line">{inspection.description.trim() || 'No Description'}</p>
      </section>
      <section aria-label={t('Signature')} className="text-sm">
        <h4 className="mb-1 font-semibold text-slate-900 dark:text-white">{t('Signature')}</h4>
        {signature ? (
          <img
            src={`data:${signature.contentType};base64,${signature.data}`}
            alt={t('Signature')}
            className="max-h-40 rounded-md border border-slate-200 bg-white p-2 dark:border-strokedark"
          />
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{t('No signature available')}</p>
        )}
      </section>
      {gallery && (
        <InspectionMediaGallery
          source={source}
          kind={gallery}
          mediaIds={gallery === 'pictures' ? inspection.picture_ids : inspection.video_ids}
          onClose={() => setGallery(null)}
        />
      )}
    </div>
  )
}

function MediaButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={count === 0}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-medium hover:border-primary hover:text-primary dark:hover:text-indigo-300 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60 dark:border-strokedark"
    >
      {label}
      <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">{count}</span>
    </button>
  )
}
