// Spec §8: a failed delete of a unit type, sub type or inspection type is reported in a browser alert
// (e.g. 'This unit type is used by 3 units and cannot be deleted.').
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'

export async function deleteWithAlert(run: () => Promise<{ message: string }>): Promise<void> {
  try {
    const { message } = await run()
    toast.success(message)
  } catch (error) {
    window.alert(errorText(error))
  }
}
