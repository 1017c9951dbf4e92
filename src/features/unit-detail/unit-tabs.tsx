// The tab strip of the owner's unit screen (WAI-ARIA tabs: arrow keys, Home and End move between tabs).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { UNIT_TABS, type UnitTab } from './unit-tab.ts'
import { t, tr } from '../../i18n/translate.ts'

export interface UnitTabsProps {
  active: UnitTab
  onChange: (tab: UnitTab) => void
  children: ReactNode
}

export function UnitTabs({ active, onChange, children }: UnitTabsProps) {
  const baseId = useId()
  const tabRefs = useRef(new Map<UnitTab, HTMLButtonElement>())
  const tabId = (tab: UnitTab) => `${baseId}-tab-${tab}`

  const focusTab = (index: number) => {
    const tab = UNIT_TABS[(index + UNIT_TABS.length) % UNIT_TABS.length]
    if (!tab) return
    onChange(tab.value)
    tabRefs.current.get(tab.value)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = UNIT_TABS.findIndex((tab) => tab.value === active)
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: UNIT_TABS.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    focusTab(target)
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t('Unit sections')} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-strokedark">
        {UNIT_TABS.map((tab) => {
          const selected = tab.value === active
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.value, element)
                else tabRefs.current.delete(tab.value)
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${
                selected ? 'border-primary text-primary dark:border-indigo-300 dark:text-indigo-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tr(tab.label)}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </div>
  )
}
