// What is counted against what (issue 13, docs/decisions/005-sign-in-limits.md). Sign-in from an unknown
// device counts per address-and-account, per account and per address; from a known device only on that
// device. Reset, invitation and sign-up mails count per address and per target email.
import type { LimitRule } from './rate-limit.ts'

const WINDOW_MS = 15 * 60 * 1000

/** Wrong passwords for one account from one address (5 tries, then wait). */
export const PAIR_LIMIT = 5
/** Failures for one account from anywhere: many addresses against one account. */
export const ACCOUNT_LIMIT = 20
/** Failures from one address whatever the account: one address against many accounts. */
export const ADDRESS_LIMIT = 30
/** Failures from one known device, which is exempt from the account and address counts. */
export const DEVICE_LIMIT = 5
/** Reset mails to one address, and requests from one address. */
export const RESET_MAIL_LIMIT = 3
export const RESET_ADDRESS_LIMIT = 10
/**
 * Sign-ups to one email (each mails it: a welcome, or that someone tried), and from one address — wide,
 * since a yard's drivers may share one.
 */
export const SIGN_UP_MAIL_LIMIT = 3
export const SIGN_UP_ADDRESS_LIMIT = 100
/** Invitation mails to one address, and sent from one address. */
export const INVITATION_MAIL_LIMIT = 3
export const INVITATION_ADDRESS_LIMIT = 30

export const pairKey = (address: string, email: string) => `login:pair:${address}|${email}`
export const accountKey = (email: string) => `login:account:${email}`
export const addressKey = (address: string) => `login:address:${address}`
export const deviceKey = (deviceId: string) => `login:device:${deviceId}`

export function unknownDeviceSignIn(address: string, email: string): LimitRule[] {
  return [
    { key: pairKey(address, email), limit: PAIR_LIMIT, windowMs: WINDOW_MS },
    { key: accountKey(email), limit: ACCOUNT_LIMIT, windowMs: WINDOW_MS },
    { key: addressKey(address), limit: ADDRESS_LIMIT, windowMs: WINDOW_MS },
  ]
}

export function knownDeviceSignIn(deviceId: string): LimitRule[] {
  return [{ key: deviceKey(deviceId), limit: DEVICE_LIMIT, windowMs: WINDOW_MS }]
}

export function resetMailLimits(address: string, email: string): LimitRule[] {
  return [
    { key: `reset:email:${email}`, limit: RESET_MAIL_LIMIT, windowMs: WINDOW_MS },
    { key: `reset:address:${address}`, limit: RESET_ADDRESS_LIMIT, windowMs: WINDOW_MS },
  ]
}

export function signUpMailLimits(address: string, email: string): LimitRule[] {
  return [
    { key: `sign-up:email:${email}`, limit: SIGN_UP_MAIL_LIMIT, windowMs: WINDOW_MS },
    { key: `sign-up:address:${address}`, limit: SIGN_UP_ADDRESS_LIMIT, windowMs: WINDOW_MS },
  ]
}

export function invitationMailLimits(address: string, email: string): LimitRule[] {
  return [
    { key: `invite:email:${email}`, limit: INVITATION_MAIL_LIMIT, windowMs: WINDOW_MS },
    { key: `invite:address:${address}`, limit: INVITATION_ADDRESS_LIMIT, windowMs: WINDOW_MS },
  ]
}
