// POST /user/save-documents/{id}: multipart, the image under `files` and which side under `doc`.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserDocumentType, UserSavedResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshCurrentUser } from './refresh-current-user.ts'

export function useSaveLicence(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ image, doc }: { image: File; doc: UserDocumentType }) => {
      const body = new FormData()
      body.append('files', image)
      body.append('doc', doc)
      return api.post(`user/save-documents/${userId}`, { body }).json<UserSavedResponse>()
    },
    onSuccess: ({ user }) => refreshCurrentUser(queryClient, user),
  })
}
