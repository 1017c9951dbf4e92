// A value that follows `value` once it has stopped changing for `delayMs`: what a search box sends to
// the server, so typing a word asks once, not once per letter.
import { useEffect, useState } from 'react'

export const SEARCH_DEBOUNCE_MS = 250

export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
