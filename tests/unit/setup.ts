// Unit test setup: IndexedDB in memory, DOM cleanup, and any unexpected console.error fails the test.
import 'fake-indexeddb/auto'
import { afterEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const originalError = console.error
console.error = (...args: unknown[]) => {
  originalError(...args)
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`)
}
vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true)
