// GET /driver/{id}/units?company_id= — the units a driver has been handed (spec §7 "Drivers").
import { queryOptions } from '@tanstack/react-query'
import type { DriverUnit } from '../../../core/contract/drivers.ts'
import { api } from '../../api/client.ts'
import { unitsKeyRoot } from './units-query.ts'

export const driverUnitsQuery = (driverId: string, companyId: string) =>
  queryOptions({
    queryKey: [...unitsKeyRoot, 'driver', driverId],
    queryFn: () => api.get(`driver/${driverId}/units`, { searchParams: { company_id: companyId } }).json<DriverUnit[]>(),
  })
