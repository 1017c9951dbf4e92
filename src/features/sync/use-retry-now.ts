// 'Retry now' as the sync indicator and the waiting-items screen offer it: one pass of the outbox,
// pending while it runs. A failing pass records its errors on the ops themselves, which both show.
import { useState } from 'react'
import { retryNow } from '../../outbox/outbox-runtime.ts'

export function useRetryNow(): { retrying: boolean; retry: () => void } {
  const [retrying, setRetrying] = useState(false)
  const retry = () => {
    setRetrying(true)
    void retryNow()
      .catch(() => null)
      .finally(() => setRetrying(false))
  }
  return { retrying, retry }
}
