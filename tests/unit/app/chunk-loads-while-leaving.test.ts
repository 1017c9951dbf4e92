// A chunk load cut off because the page is navigating away must not make the router reload the page
// (issue 23): while leaving, Vite's `vite:preloadError` is prevented; otherwise it is left alone.
import { afterEach, describe, expect, it } from 'vitest'
import { ignoreChunkLoadsCutByLeaving } from '../../../src/app/chunk-loads-while-leaving.ts'

const preloadError = () => new Event('vite:preloadError', { cancelable: true })

describe('ignoreChunkLoadsCutByLeaving', () => {
  const target = new EventTarget()
  let stop = () => {}
  afterEach(() => stop())

  it('prevents a failed chunk load only between beforeunload and the page being shown again', () => {
    stop = ignoreChunkLoadsCutByLeaving(target)
    const before = preloadError()
    target.dispatchEvent(before)
    expect(before.defaultPrevented).toBe(false)

    target.dispatchEvent(new Event('beforeunload'))
    const leaving = preloadError()
    target.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)

    target.dispatchEvent(new Event('pageshow'))
    const back = preloadError()
    target.dispatchEvent(back)
    expect(back.defaultPrevented).toBe(false)
  })

  it('stops listening when stopped', () => {
    ignoreChunkLoadsCutByLeaving(target)()
    target.dispatchEvent(new Event('beforeunload'))
    const event = preloadError()
    target.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
  })
})
