// A chunk stuck in the page (Firefox keeps its failed dependencies failed, issue 23) reloads the page:
// only when the chunk itself answers, once per chunk in a tab's session, and not while a field is typed in.
import { describe, expect, it } from 'vitest'
import { isTypedInto, reloadForStuckChunk, type StuckChunkPage } from '../../../src/lib/stuck-chunk.ts'

const CHUNK = 'http://localhost:3000/assets/notification-bell-BlGIOxNw.js'

function fakePage(options: { fetchable?: boolean; focused?: Element | null } = {}) {
  const items = new Map<string, string>()
  const focusListeners = new Set<() => void>()
  const state = { reloads: 0, fetched: [] as string[], focused: options.focused ?? null }
  const page: StuckChunkPage = {
    fetchable: (url) => {
      state.fetched.push(url)
      return Promise.resolve(options.fetchable ?? true)
    },
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
    focused: () => state.focused,
    onFocusLeft: (listener) => {
      focusListeners.add(listener)
      return () => focusListeners.delete(listener)
    },
    reload: () => void (state.reloads += 1),
  }
  const leaveFocus = (next: Element | null) => {
    state.focused = next
    for (const listener of [...focusListeners]) listener()
  }
  return { page, state, leaveFocus, listening: () => focusListeners.size }
}

describe('reloadForStuckChunk', () => {
  it('reloads when the chunk itself answers, and only once for that chunk whatever its ?retry=N', async () => {
    const { page, state } = fakePage()
    await expect(reloadForStuckChunk(`${CHUNK}?retry=2`, page)).resolves.toBe(true)
    expect(state.fetched).toEqual([`${CHUNK}?retry=2`])
    expect(state.reloads).toBe(1)
    // The page the reload brought meets the same fault: a real one, only retried from now on.
    await expect(reloadForStuckChunk(`${CHUNK}?retry=3`, page)).resolves.toBe(false)
    expect(state.reloads).toBe(1)
  })

  it('does not reload when the chunk does not answer (the link or the server holds it back, not the page)', async () => {
    const { page, state } = fakePage({ fetchable: false })
    await expect(reloadForStuckChunk(`${CHUNK}?retry=1`, page)).resolves.toBe(false)
    expect(state.reloads).toBe(0)
    // A later retry that finds the chunk answering may still reload.
    await expect(reloadForStuckChunk(`${CHUNK}?retry=2`, { ...page, fetchable: () => Promise.resolve(true) })).resolves.toBe(true)
    expect(state.reloads).toBe(1)
  })

  it('waits while a field is typed in, and reloads once focus has left every field', async () => {
    const description = document.createElement('textarea')
    const odometer = document.createElement('input')
    const radio = Object.assign(document.createElement('input'), { type: 'radio' })
    const { page, state, leaveFocus, listening } = fakePage({ focused: description })
    await expect(reloadForStuckChunk(`${CHUNK}?retry=1`, page)).resolves.toBe(true)
    expect(state.reloads).toBe(0)
    leaveFocus(odometer)
    expect(state.reloads).toBe(0)
    leaveFocus(radio)
    expect(state.reloads).toBe(1)
    expect(listening()).toBe(0)
  })

  it('does nothing without session storage (nothing could keep a reload from looping)', async () => {
    const { page, state } = fakePage()
    await expect(reloadForStuckChunk(CHUNK, { ...page, storage: null })).resolves.toBe(false)
    expect(state.reloads).toBe(0)
  })
})

describe('isTypedInto', () => {
  it('text fields, not buttons, choices or files', () => {
    expect(isTypedInto(document.createElement('textarea'))).toBe(true)
    expect(isTypedInto(document.createElement('input'))).toBe(true)
    expect(isTypedInto(Object.assign(document.createElement('input'), { type: 'number' }))).toBe(true)
    expect(isTypedInto(Object.assign(document.createElement('input'), { type: 'file' }))).toBe(false)
    expect(isTypedInto(Object.assign(document.createElement('input'), { type: 'checkbox' }))).toBe(false)
    expect(isTypedInto(document.createElement('button'))).toBe(false)
    expect(isTypedInto(null)).toBe(false)
  })
})
