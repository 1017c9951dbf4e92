// Deleted units are archived, not erased (docs/decisions/011-dvir.md): their reports are kept for the
// retention period. Here the owner sees them and restores one to the lists.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import type { Unit, UnitResponse } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'
import { dashboardCountsKeyRoot } from '../../api/dashboard-counts.ts'
import { errorText } from '../../api/error-message.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { unitsKeyRoot } from './units-query.ts'
import { t } from '../../i18n/translate.ts'

const archivedUnitsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...unitsKeyRoot, 'archived', companyId] as const,
    queryFn: () => api.get(`units/${companyId}`, { searchParams: { archived: '1' } }).json<Unit[]>(),
  })

export function ArchivedUnitsModal({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const archived = useQuery(archivedUnitsQuery(companyId))
  const restore = useMutation({
    mutationFn: (unitId: string) => api.post(`units/${unitId}/restore`).json<UnitResponse>(),
    onSuccess: (reply) => {
      toast.success(reply.message)
      void queryClient.invalidateQueries({ queryKey: unitsKeyRoot })
      void queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot })
    },
    onError: (error) => toast.error(errorText(error)),
  })
  return (
    <Modal title={t('Deleted units')} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('Deleted units keep their inspection reports. Restore one to bring it back to the lists.')}</p>
        {archived.isPending ? (
          <p role="status">{t('Loading...')}</p>
        ) : archived.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {errorText(archived.error)}
          </p>
        ) : archived.data.length === 0 ? (
          <p className="py-4 text-center text-slate-600 dark:text-slate-300">{t('No deleted units')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {archived.data.map((unit) => (
              <li key={unit._id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-3 dark:border-strokedark">
                <span>
                  <span className="font-semibold">{t('Unit {unitNumber}', { unitNumber: unit.unitNumber })}</span> · {unit.make} {unit.model} · {unit.vin}
                </span>
                <Button variant="secondary" pending={restore.isPending && restore.variables === unit._id} onClick={() => restore.mutate(unit._id)}>
                  {t('Restore')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  )
}
