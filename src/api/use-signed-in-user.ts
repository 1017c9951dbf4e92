// The signed-in user for screens inside the app shell. The _app guard has already put the user in the
// cache, so this never suspends there; subscribing keeps a screen current after a profile edit.
import { useSuspenseQuery } from '@tanstack/react-query'
import type { AuthUser } from '../../core/contract/auth.ts'
import { currentUserQuery } from './current-user.ts'
import { storedUserId } from './session.ts'

export function useSignedInUser(): AuthUser {
  return useSuspenseQuery(currentUserQuery(storedUserId() ?? '')).data
}
