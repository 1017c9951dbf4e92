// GET /driver/{id}/details: a driver's details, role, documents and units count (spec §7 "Drivers").
import { queryOptions } from '@tanstack/react-query'
import type { DriverDetails } from '../../../core/contract/drivers.ts'
import { api } from '../../api/client.ts'
import { isUnknownRecordError } from '../../api/error-message.ts'
import { driversKeyRoot } from './drivers-query.ts'

export const driverDetailsQuery = (driverId: string) =>
  queryOptions({
    queryKey: [...driversKeyRoot, 'details', driverId],
    queryFn: () => api.get(`driver/${driverId}/details`).json<DriverDetails>(),
    // Asking again will not make an unknown driver known.
    retry: (failures, error) => !isUnknownRecordError(error) && failures < 1,
  })
