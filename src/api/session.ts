// The browser session of spec §3/§4: token and user id in localStorage, read by the API client.
import { STORAGE_KEYS } from '../lib/storage-keys.ts'

export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token)
}

export function storedUserId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.userId)
}

export function storeSession(token: string, userId: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token)
  localStorage.setItem(STORAGE_KEYS.userId, userId)
}

/** Sent with each sign-in; survives logout, since it marks the device, not a session. */
export function storedDeviceToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.deviceToken)
}

export function storeDeviceToken(deviceToken: string): void {
  localStorage.setItem(STORAGE_KEYS.deviceToken, deviceToken)
}

export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token)
  localStorage.removeItem(STORAGE_KEYS.userId)
  localStorage.removeItem(STORAGE_KEYS.sessionHint)
}
