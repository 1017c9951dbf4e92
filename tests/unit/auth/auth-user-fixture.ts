// Ann Lee, the signed-in user of the client tests: the owner of Demo Freight unless told otherwise.
import type { AuthUser } from '../../../core/contract/auth.ts'

export const DEMO_FREIGHT = { _id: 'c1', name: 'Demo Freight', slug: 'demo-freight' }

export function annLee(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    _id: 'u1',
    details: { _id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', avatar: null },
    role: { name: 'owner' },
    company: DEMO_FREIGHT,
    documents: [],
    isNewUser: false,
    ...overrides,
  }
}
