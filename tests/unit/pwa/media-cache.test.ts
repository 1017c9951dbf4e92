import { describe, expect, test } from 'vitest'
import { isMediaRequest, withoutQueryString } from '../../../sw/media-cache.ts'

const signed = (exp: number, sig: string) => `https://fleet.example/api/files/inspections/abc123.jpg?exp=${exp}&sig=${sig}`

describe('media cache of the service worker', () => {
  test('keys a signed file URL on its path, so a fresh signature finds the stored copy', async () => {
    const keyOf = (url: string) =>
      withoutQueryString.cacheKeyWillBeUsed!({ request: new Request(url), mode: 'read', event: new Event('fetch') as never, state: {} })

    expect(await keyOf(signed(1000, 'aaa'))).toBe('https://fleet.example/api/files/inspections/abc123.jpg')
    expect(await keyOf(signed(2000, 'bbb'))).toBe(await keyOf(signed(1000, 'aaa')))
  })

  test.each([
    ['an <img> of an uploaded photo', '/api/files/a.jpg?exp=1&sig=x', 'image', true],
    ['a <video> of an uploaded clip', '/api/files/b.mp4?exp=1&sig=x', 'video', true],
    ['a fetch() of the same file (a download)', '/api/files/a.jpg?exp=1&sig=x', '', false],
    ['an image served by another API route', '/api/units/1/avatar', 'image', false],
    ['an app icon', '/icons/icon-192.png', 'image', false],
  ] as const)('caches %s: %s', (_name, path, destination, cached) => {
    expect(isMediaRequest(new URL(path, 'https://fleet.example'), { method: 'GET', destination })).toBe(cached)
  })

  test('never caches a write to the files route', () => {
    expect(isMediaRequest(new URL('https://fleet.example/api/files/a.jpg'), { method: 'POST', destination: 'image' })).toBe(false)
  })
})
