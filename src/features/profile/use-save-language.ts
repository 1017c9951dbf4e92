// PUT /user/language/{id}: the language chosen in Settings, kept with the user so every device of the
// account shows it. The cached user takes the choice at once: the app follows the cached user's
// language (routes/_app.tsx), and must not switch back while the answer is on its way.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthUser, Language, UserResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { currentUserQuery } from '../../api/current-user.ts'
import { refreshCurrentUser } from './refresh-current-user.ts'

export function useSaveLanguage(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (language: Language) => {
      queryClient.setQueryData<AuthUser>(currentUserQuery(userId).queryKey, (user) => (user ? { ...user, language } : user))
    },
    mutationFn: (language: Language) => api.put(`user/language/${userId}`, { json: { language } }).json<UserResponse>(),
    onSuccess: ({ user }) => refreshCurrentUser(queryClient, user),
  })
}
