// GET /company/{slug}/by-slug: the company a driver joins through its sign-up link /{slug}/signup.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { CompanyRef } from '../../../core/contract/auth.ts'

export const companyBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['company-by-slug', slug],
    queryFn: () => api.get(`company/${encodeURIComponent(slug)}/by-slug`).json<CompanyRef>(),
    // A failed lookup sends the user to /404 (spec §2); retrying would only delay that.
    retry: false,
  })
