// The owner's certifications still on this device, by defect, for the Defects screen and the unit: shown
// as waiting (or refused, with the server's message) until the server has them — and once one leaves
// the outbox, the server's defects, counts and the unit's History are asked for again.
import { useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import { dashboardCountsKeyRoot } from '../api/dashboard-counts.ts'
import { certificationOps, type CertificationOp } from './certification-store.ts'
import { outboxDb, type OutboxDb } from './outbox-db.ts'

const NONE: ReadonlyMap<string, CertificationOp> = new Map()

export function useCertificationsOnDevice(userId: string, db: OutboxDb = outboxDb): ReadonlyMap<string, CertificationOp> {
  const onDevice = useLiveQuery(async () => new Map((await certificationOps(db, userId)).map((op) => [op.payload.defectId, op])), [db, userId], NONE)
  const queryClient = useQueryClient()
  const seen = useRef<ReadonlySet<string>>(new Set())
  useEffect(() => {
    const gone = [...seen.current].some((defectId) => !onDevice.has(defectId))
    seen.current = new Set(onDevice.keys())
    if (!gone) return
    // Delivered (or dropped): the server's word replaces the device's.
    void queryClient.invalidateQueries({ queryKey: ['defects'] })
    void queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot })
    void queryClient.invalidateQueries({ queryKey: ['units'] })
  }, [onDevice, queryClient])
  return onDevice
}
