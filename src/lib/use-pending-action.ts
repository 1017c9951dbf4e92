// One user action at a time on a screen (Next, Finish, Cancel): `busy` while it runs, so its buttons
// hold still, and the failure's message in `error` for the screen to show.
import { useState } from 'react'

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))

/** `onFailure` runs before the message is shown, for a screen that must undo a mark it set. */
export function usePendingAction(onFailure?: () => void) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (failure) {
      onFailure?.()
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, setError, run }
}
