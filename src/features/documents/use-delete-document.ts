// DELETE /documents/{id} (owner only); every documents list refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { documentsKeyRoot } from './documents-query.ts'

export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (documentId: string) => api.delete(`documents/${documentId}`).json<MessageResponse>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeyRoot }),
  })
}
