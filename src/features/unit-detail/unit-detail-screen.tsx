// The owner's unit screen (spec §2 "Unit detail"): the header with status actions and oil info, the
// Pre-Trip / Inspections / Documents / History tabs, and the side panel. The Documents tab's content
// comes from the route, since it belongs to the documents feature.
import type { ReactNode } from 'react'
import { InspectionsTab } from './inspections-tab.tsx'
import { PreTripTab } from './pretrip-tab.tsx'
import { UnitHeader } from './unit-header.tsx'
import { UnitHistory } from './unit-history.tsx'
import { UnitLoader } from './unit-loader.tsx'
import { UnitSidePanel } from './unit-side-panel.tsx'
import { UnitTabs } from './unit-tabs.tsx'
import type { UnitTab } from './unit-tab.ts'

export interface UnitDetailScreenProps {
  unitId: string
  companyId: string
  tab: UnitTab
  onTabChange: (tab: UnitTab) => void
  documents: ReactNode
}

export function UnitDetailScreen({ unitId, companyId, tab, onTabChange, documents }: UnitDetailScreenProps) {
  return (
    <UnitLoader unitId={unitId} skeletonRows={6}>
      {(unit) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <UnitHeader unit={unit} />
            <UnitTabs active={tab} onChange={onTabChange}>
              {tab === 'pre-trip' && <PreTripTab unit={unit} />}
              {tab === 'inspections' && <InspectionsTab unitId={unitId} companyId={companyId} />}
              {tab === 'documents' && documents}
              {tab === 'history' && <UnitHistory unitId={unitId} />}
            </UnitTabs>
          </div>
          <UnitSidePanel />
        </div>
      )}
    </UnitLoader>
  )
}
