// GET /companies/active: the companies a new driver can apply to.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { CompanyRef } from '../../../core/contract/auth.ts'

export const activeCompaniesQuery = () =>
  queryOptions({
    queryKey: ['companies', 'active'],
    queryFn: () => api.get('companies/active').json<CompanyRef[]>(),
  })
