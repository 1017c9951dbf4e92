// What the next start may know before the server has answered for the user: their role and company,
// kept beside the session (localStorage, a few dozen bytes) each time the user is loaded. The app uses
// it only to start the first request of the screen being opened in parallel with the session restore;
// the restore still decides who is signed in and where they may go.
import type { AuthUser } from '../../core/contract/auth.ts'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { storedToken, storedUserId } from './session.ts'

export interface SessionHint {
  userId: string
  role: string | null
  companyId: string | null
}

export function sessionHintOf(user: Pick<AuthUser, '_id'> & { role: { name: string } | null; company: { _id: string } | null }): SessionHint {
  return { userId: user._id, role: user.role?.name ?? null, companyId: user.company?._id ?? null }
}

export function storeSessionHint(user: AuthUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.sessionHint, JSON.stringify(sessionHintOf(user)))
  } catch {
    // A full or refused storage only costs the next start its head start.
  }
}

/** The hint of the stored session's user, or null (signed out, another user's hint, unreadable). */
export function readSessionHint(): SessionHint | null {
  const userId = storedUserId()
  if (!userId || !storedToken()) return null
  try {
    const hint = JSON.parse(localStorage.getItem(STORAGE_KEYS.sessionHint) ?? 'null') as Partial<SessionHint> | null
    if (!hint || hint.userId !== userId) return null
    return { userId, role: typeof hint.role === 'string' ? hint.role : null, companyId: typeof hint.companyId === 'string' ? hint.companyId : null }
  } catch {
    return null
  }
}
