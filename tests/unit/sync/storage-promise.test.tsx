// /sync says when the device cannot promise to keep what waits on it (issue 23): no navigator.storage
// (iOS Safari, WebKitGTK's MiniBrowser) or persist() refused; nothing when storage is persisted.
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NOT_PROMISED_MESSAGE, readStoragePromise, StoragePromiseNote, UNSUPPORTED_MESSAGE, type StoragePromise } from '../../../src/features/sync/storage-promise.tsx'

describe('readStoragePromise', () => {
  it('is unsupported without navigator.storage, kept or not promised by persisted()', async () => {
    expect(await readStoragePromise(undefined)).toBe('unsupported')
    expect(await readStoragePromise({ persisted: () => Promise.resolve(true) })).toBe('kept')
    expect(await readStoragePromise({ persisted: () => Promise.resolve(false) })).toBe('not-promised')
    expect(await readStoragePromise({ persisted: () => Promise.reject(new Error('denied')) })).toBe('not-promised')
  })
})

describe('StoragePromiseNote', () => {
  const shown = async (value: StoragePromise) => {
    const read = () => Promise.resolve(value)
    await act(async () => {
      render(<StoragePromiseNote read={read} />)
    })
  }

  it('says the browser cannot promise to keep the data when it has no persistent storage', async () => {
    await shown('unsupported')
    expect(screen.getByRole('note').textContent).toBe(UNSUPPORTED_MESSAGE)
  })

  it('says the browser has not promised to keep the data when persist() was refused', async () => {
    await shown('not-promised')
    expect(screen.getByRole('note').textContent).toBe(NOT_PROMISED_MESSAGE)
  })

  it('says nothing when the data is kept', async () => {
    await shown('kept')
    expect(screen.queryByRole('note')).toBeNull()
  })
})
