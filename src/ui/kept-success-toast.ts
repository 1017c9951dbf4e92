// The success toast of a change saved just before the app moves to another screen (ui/kept-toast.ts).
import { toast } from 'react-hot-toast'
import { keepToast, keptToastId } from './kept-toast.ts'

export function keptSuccessToast(message: string): void {
  toast.success(message, { id: keptToastId(message) })
  keepToast(message)
}
