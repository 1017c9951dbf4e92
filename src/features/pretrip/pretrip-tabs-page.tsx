// The PreTrip/Documents tab page (spec §2): 'PreTrip' (the guide, default) and 'Documents' (what the
// route hands in — the documents list belongs to another feature). WAI-ARIA tabs: arrow keys, Home, End.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { PretripGuide } from './pretrip-guide.tsx'
import { PRETRIP_PAGE_TABS, type PretripPageTab } from './pretrip-tab.ts'
import { t, tr } from '../../i18n/translate.ts'

export interface PretripTabsPageProps {
  active: PretripPageTab
  onChange: (tab: PretripPageTab) => void
  documents: ReactNode
}

export function PretripTabsPage({ active, onChange, documents }: PretripTabsPageProps) {
  const baseId = useId()
  const tabs = useRef(new Map<PretripPageTab, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = PRETRIP_PAGE_TABS.findIndex((tab) => tab.value === active)
    const last = PRETRIP_PAGE_TABS.length - 1
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }
    const target = PRETRIP_PAGE_TABS[moves[event.key] ?? -1]
    if (!target) return
    event.preventDefault()
    onChange(target.value)
    tabs.current.get(target.value)?.focus()
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('PreTrip')} />
      <div role="tablist" aria-label={t('PreTrip sections')} className="mb-5 flex gap-1 border-b border-slate-200 dark:border-strokedark">
        {PRETRIP_PAGE_TABS.map((tab) => {
          const selected = tab.value === active
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) tabs.current.set(tab.value, element)
                else tabs.current.delete(tab.value)
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
              className={`-mb-px border-b-2 px-4 py-3 font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${
                selected ? 'border-primary text-primary' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tr(tab.label)}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`}>
        {active === 'pretrip' ? <PretripGuide /> : documents}
      </div>
    </div>
  )
}
