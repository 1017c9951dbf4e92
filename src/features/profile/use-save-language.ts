// The language chosen in Settings, kept with the user (PUT /user/language/{id}) so every device of the
// account shows it. It goes through the outbox (outbox/language-store.ts): chosen offline, it reaches
// the server when the link returns. The cached user takes the choice at once: the app follows the
// cached user's language (routes/_app.tsx), and must not switch back while the op waits; the op's
// delivery asks for the user again (outbox/delivery-effects.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthUser, Language } from '../../../core/contract/auth.ts'
import { currentUserQuery } from '../../api/current-user.ts'
import { queueLanguage } from '../../outbox/language-store.ts'
import { outboxDb } from '../../outbox/outbox-db.ts'

export function useSaveLanguage(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // Queued on the device: nothing here needs the network.
    networkMode: 'always',
    onMutate: (language: Language) => {
      queryClient.setQueryData<AuthUser>(currentUserQuery(userId).queryKey, (user) => (user ? { ...user, language } : user))
    },
    mutationFn: (language: Language) => queueLanguage(outboxDb, userId, language),
  })
}
