// How a form modal saves: on success the server's message is toasted and the modal closes; on failure
// the modal stays open with what was typed, and the mutation's error shows inline (the form reads it).
import { toast } from 'react-hot-toast'

export async function saveAndClose(save: () => Promise<string>, onClose: () => void): Promise<void> {
  try {
    toast.success(await save())
    onClose()
  } catch {
    // Shown inline by the form; nothing typed is lost.
  }
}
