// POST /documents (multipart, spec §3 "Create fields"): the file under `files`, then fileName, allUnits
// and showForDrivers as 0/1, and units as a comma list of unit ids. Every documents list refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateDocumentResponse } from '../../../core/contract/documents.ts'
import { api } from '../../api/client.ts'
import { documentsKeyRoot } from './documents-query.ts'

export interface NewDocument {
  file: File
  fileName: string
  allUnits: boolean
  showForDrivers: boolean
  unitIds: readonly string[]
  /** `YYYY-MM-DD`, or '' / omitted when it does not expire. */
  expiresOn?: string
}

export function documentFormData(document: NewDocument): FormData {
  const form = new FormData()
  form.append('files', document.file, document.file.name)
  form.append('fileName', document.fileName.trim())
  form.append('allUnits', document.allUnits ? '1' : '0')
  form.append('showForDrivers', document.showForDrivers ? '1' : '0')
  form.append('units', document.allUnits ? '' : document.unitIds.join(','))
  if (document.expiresOn) form.append('expiresOn', document.expiresOn)
  return form
}

export function useCreateDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (document: NewDocument) => api.post('documents', { body: documentFormData(document) }).json<CreateDocumentResponse>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeyRoot }),
  })
}
