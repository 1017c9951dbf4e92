// retryingImport (issue 23): a chunk that failed to load is asked for again until it loads, and after a
// failure that names the chunk's URL each retry asks for that URL with a new ?retry=N — Firefox keeps a
// failed module URL failed for the page's life, so only a new URL reaches the network again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { failedModuleUrl, retryingImport, retryUrl } from '../../../src/lib/retrying-import.ts'
import { IGNORED_URL_PARAMETERS } from '../../../sw/precache.ts'

const CHUNK = 'http://localhost:3000/assets/notification-bell-BlGIOxNw.js'
const firefoxError = (url = CHUNK) => new TypeError(`error loading dynamically imported module: ${url}`)
const chromiumError = (url = CHUNK) => new TypeError(`Failed to fetch dynamically imported module: ${url}`)
const webkitError = () => new TypeError('Importing a module script failed.')

describe('failedModuleUrl', () => {
  it("reads the chunk's URL from Firefox's and Chromium's errors, and none from WebKit's", () => {
    expect(failedModuleUrl(firefoxError())).toBe(CHUNK)
    expect(failedModuleUrl(chromiumError())).toBe(CHUNK)
    expect(failedModuleUrl(webkitError())).toBeNull()
    expect(failedModuleUrl(new Error('error loading dynamically imported module: not a url'))).toBeNull()
    expect(failedModuleUrl(undefined)).toBeNull()
  })
})

describe('retryUrl', () => {
  it('sets ?retry=N, replacing an earlier one and keeping other parameters', () => {
    expect(retryUrl(CHUNK, 1)).toBe(`${CHUNK}?retry=1`)
    expect(retryUrl(`${CHUNK}?retry=1`, 2)).toBe(`${CHUNK}?retry=2`)
    expect(retryUrl(`${CHUNK}?v=3`, 2)).toBe(`${CHUNK}?v=3&retry=2`)
  })

  it('is a parameter the precache matches without, so offline a retry is still served from the device', () => {
    const parameter = new URL(retryUrl(CHUNK, 4)).searchParams.keys().next().value!
    expect(IGNORED_URL_PARAMETERS.some((pattern) => pattern.test(parameter))).toBe(true)
  })
})

describe('retryingImport', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('resolves with the first load when it succeeds, importing nothing else', async () => {
    const importUrl = vi.fn<(url: string) => Promise<unknown>>()
    await expect(retryingImport(() => Promise.resolve({ default: 'bell' }), { importUrl })).resolves.toEqual({ default: 'bell' })
    expect(importUrl).not.toHaveBeenCalled()
  })

  it('after a failure naming the chunk, retries its URL with a new ?retry=N each time, waiting longer and longer', async () => {
    const load = vi.fn<() => Promise<unknown>>(() => Promise.reject(firefoxError()))
    const asked: string[] = []
    const importUrl = vi.fn<(url: string) => Promise<unknown>>((url) => {
      asked.push(url)
      // Firefox: the busted URL is a new module; the first two retries still meet no network.
      return asked.length < 3 ? Promise.reject(firefoxError(url)) : Promise.resolve({ default: 'bell' })
    })
    let result: unknown = null
    const stuck: string[] = []
    void retryingImport(load, { delays: [1000, 2000, 5000], has: 'default', importUrl, onStuck: (url) => stuck.push(url) }).then((module) => (result = module))

    await vi.advanceTimersByTimeAsync(999)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual([`${CHUNK}?retry=1`])
    await vi.advanceTimersByTimeAsync(2000)
    expect(asked).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`])
    expect(result).toBeNull()
    await vi.advanceTimersByTimeAsync(4999)
    expect(asked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`, `${CHUNK}?retry=3`])
    expect(result).toEqual({ default: 'bell' })
    // The import as written is asked once; every retry went to a new URL.
    expect(load).toHaveBeenCalledTimes(1)
    // Each retry that failed over a link the app took to be up is a chunk stuck in this page (Firefox).
    expect(stuck).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`])
  })

  it('keeps the last wait once the list of waits is used up', async () => {
    const importUrl = vi.fn<(url: string) => Promise<unknown>>((url) => Promise.reject(chromiumError(url)))
    void retryingImport(() => Promise.reject(chromiumError()), { delays: [1000, 3000], importUrl, onStuck: () => {} })
    await vi.advanceTimersByTimeAsync(1000 + 3000 + 3000 + 3000)
    expect(importUrl).toHaveBeenCalledTimes(4)
  })

  it('asks the same import again where the error names no URL (WebKit fetches it again itself)', async () => {
    let calls = 0
    const load = vi.fn<() => Promise<unknown>>(() => (++calls < 3 ? Promise.reject(webkitError()) : Promise.resolve({ startOutbox: 'start' })))
    const importUrl = vi.fn<(url: string) => Promise<unknown>>()
    const loaded = retryingImport(load, { delays: [1000], importUrl })
    await vi.advanceTimersByTimeAsync(2000)
    await expect(loaded).resolves.toEqual({ startOutbox: 'start' })
    expect(load).toHaveBeenCalledTimes(3)
    expect(importUrl).not.toHaveBeenCalled()
  })

  it("gives the module as the import would have: the chunk's export that holds the wanted name, when the bundler shared a chunk", async () => {
    const runtime = { startOutbox: () => () => {} }
    const importUrl = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve({ t: runtime, n: { other: 1 } }))
    const loaded = retryingImport(() => Promise.reject(firefoxError()), { delays: [1000], has: 'startOutbox', importUrl })
    await vi.advanceTimersByTimeAsync(1000)
    await expect(loaded).resolves.toBe(runtime)
  })

  it('never rejects: a retry whose module lacks the wanted export is retried too', async () => {
    let retries = 0
    const importUrl = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve(++retries < 2 ? { unrelated: 1 } : { SyncIndicator: 'indicator' }))
    const loaded = retryingImport(() => Promise.reject(firefoxError()), { delays: [1000], has: 'SyncIndicator', importUrl, onStuck: () => {} })
    await vi.advanceTimersByTimeAsync(2000)
    await expect(loaded).resolves.toEqual({ SyncIndicator: 'indicator' })
  })

  it('still takes the waits as a plain list', async () => {
    let calls = 0
    const loaded = retryingImport(() => (++calls < 2 ? Promise.reject(webkitError()) : Promise.resolve('ok')), [10])
    await vi.advanceTimersByTimeAsync(10)
    await expect(loaded).resolves.toBe('ok')
  })
})

describe('retryingImport while offline', () => {
  it('takes a retry that failed while the app knows itself offline, with no service worker, for the link, not a stuck chunk', async () => {
    const link = { offline: false }
    const stuck: string[] = []
    const importUrl = (url: string) => {
      link.offline = true
      return Promise.reject(firefoxError(url))
    }
    const source = { servedFromDevice: () => false, isOffline: () => link.offline, subscribe: () => () => {} }
    void retryingImport(() => Promise.reject(firefoxError()), { delays: [1], importUrl, source, onStuck: (url) => stuck.push(url) })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(stuck).toEqual([])
  })

  it('with no service worker serving chunks, a retry waits for the link; with one, it goes after its delay', async () => {
    vi.useRealTimers()
    const listeners = new Set<() => void>()
    const link = { offline: true }
    const source = (fromDevice: boolean) => ({
      servedFromDevice: () => fromDevice,
      isOffline: () => link.offline,
      subscribe: (listener: () => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    })
    const failingOnce = () => {
      let calls = 0
      const load = () => (++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve('bell'))
      return { load, calls: () => calls }
    }
    const network = failingOnce()
    const fromNetwork = retryingImport(network.load, { source: source(false), delays: [10] })
    const device = failingOnce()
    await expect(retryingImport(device.load, { source: source(true), delays: [10] })).resolves.toBe('bell')
    expect(device.calls()).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Tried once at once; the retry waits for the link.
    expect(network.calls()).toBe(1)

    link.offline = false
    for (const listener of [...listeners]) listener()
    await expect(fromNetwork).resolves.toBe('bell')
    expect(network.calls()).toBe(2)
  })
})
