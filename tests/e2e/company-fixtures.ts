// Companies for e2e tests, made through the API when that is not what a test is about: a new owner with
// a company, and — since joining a company waits for its owner (issue 17) — letting in a driver who
// signed up through the company link, as the owner would with Approve.
import type { APIRequestContext } from '@playwright/test'
import { expect, uniqueEmail } from './fixtures.ts'

export interface NewOwner {
  email: string
  password: string
  headers: { Authorization: string }
  company: { _id: string; name: string; slug: string }
}

/** Signs up a new owner and creates their company (Truck and Trailer with default sub types). */
export async function newOwnerWithCompany(request: APIRequestContext, companyName: string, password = 'Fleetyard1'): Promise<NewOwner> {
  const email = uniqueEmail('owner')
  expect((await request.post('/api/auth/register', { data: { email, password, firstName: 'Olive', lastName: 'Owner', phone: '555-0101' } })).ok()).toBe(true)
  const login = await request.post('/api/auth/login', { data: { email, password } })
  const { token } = (await login.json()) as { token: string }
  const headers = { Authorization: `Bearer ${token}` }
  const created = await request.post('/api/company/create-company', { headers, data: { companyName } })
  expect(created.ok()).toBe(true)
  const { company } = (await created.json()) as { company: NewOwner['company'] }
  return { email, password, headers, company }
}

/** A signed-in API session of `email`: its bearer header and the company it owns. */
export async function ownerSession(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } })
  expect(login.ok()).toBe(true)
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } }
  const headers = { Authorization: `Bearer ${token}` }
  const me = (await (await request.get(`/api/user/${user._id}`, { headers })).json()) as { user: { company: { _id: string } } }
  return { headers, companyId: me.user.company._id }
}

/** The owner approves the pending request of `askerEmail`. */
export async function approveJoinRequest(request: APIRequestContext, owner: { email: string; password: string }, askerEmail: string): Promise<void> {
  const { headers, companyId } = await ownerSession(request, owner.email, owner.password)
  const pending = (await (await request.get(`/api/company/${companyId}/join-requests`, { headers })).json()) as { _id: string; user: { email: string } }[]
  const asked = pending.find((candidate) => candidate.user.email === askerEmail.toLowerCase())
  if (!asked) throw new Error(`no request to join from ${askerEmail}`)
  const approved = await request.post(`/api/company/${companyId}/join-requests/${asked._id}/approve`, { headers })
  expect(approved.ok()).toBe(true)
}
