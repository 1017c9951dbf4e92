// What the WebKit journey asks the server directly (fetch, as a second device would): sessions, a unit
// of its own in Maria's hands, and the unit's finished pre-trips.
export const PASSWORD = 'Fleetyard1'
export const OWNER = 'owner@fleetyard.demo'
export const MARIA = 'maria@fleetyard.demo'

export interface Session {
  token: string
  userId: string
  companyId: string
}

const auth = (session: Pick<Session, 'token'>) => ({ Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' })

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export async function apiSession(server: string, email: string): Promise<Session> {
  const login = await json<{ token: string; user: { _id: string } }>(
    await fetch(`${server}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) }),
    'login',
  )
  const { user } = await json<{ user: { company: { _id: string } } }>(await fetch(`${server}/api/user/${login.user._id}`, { headers: auth(login) }), 'user')
  return { token: login.token, userId: login.user._id, companyId: user.company._id }
}

/** A new Truck of the demo company handed to Maria through the owner's assign flow; its id and number. */
export async function unitForMaria(server: string, owner: Session, maria: Session, prefix: string): Promise<{ _id: string; unitNumber: string }> {
  const types = await json<{ _id: string; name: string; subTypes: { _id: string }[] }[]>(await fetch(`${server}/api/unit-types/full`, { headers: auth(owner) }), 'unit types')
  const truck = types.find((type) => type.name === 'Truck')!
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
  const vin = Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
  const { unit } = await json<{ unit: { _id: string; unitNumber: string } }>(
    await fetch(`${server}/api/units`, {
      method: 'POST',
      headers: auth(owner),
      body: JSON.stringify({ unitNumber: `${prefix}-${vin.slice(0, 5)}`, vin, make: 'Volvo', model: 'VNL 760', year: 2024, unitTypeId: truck._id, unitSubTypeId: truck.subTypes[0]!._id, company: owner.companyId }),
    }),
    'unit',
  )
  const draft = await json<{ body: { _id: string } }>(
    await fetch(`${server}/api/inspection`, {
      method: 'POST',
      headers: auth(owner),
      body: JSON.stringify({ type: 'inspection', company_id: owner.companyId, user_id: owner.userId, unit_id: unit._id }),
    }),
    'assignment',
  )
  await json(
    await fetch(`${server}/api/inspection/${draft.body._id}`, {
      method: 'PUT',
      headers: auth(owner),
      body: JSON.stringify({ id: draft.body._id, description: `Handed over for the ${prefix} journey`, to_user_id: maria.userId, currentStep: 5 }),
    }),
    'hand-over',
  )
  return unit
}

export interface ServerPretrip {
  description: string
  picture_ids: string[]
  items?: Record<string, { picture_ids: string[] }>
}

/** The unit's finished pre-trips on the server that carry `description`. */
export async function finishedPretrips(server: string, maria: Session, unitId: string, description: string): Promise<ServerPretrip[]> {
  const { items } = await json<{ items: { inspection_id: ServerPretrip }[] }>(await fetch(`${server}/api/pre-inspection/${unitId}/all`, { headers: auth(maria) }), 'pre-trips')
  return items.map((item) => item.inspection_id).filter((pretrip) => pretrip.description === description)
}
