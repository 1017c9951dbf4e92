// The size rule of stored photos: long edge at most 2048 px, aspect ratio kept, never upscaled, and a
// JPEG already small enough is kept byte for byte.
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { jpegName, keepsOriginal, MAX_PHOTO_EDGE, targetSize } from '../../../src/lib/image-downscale.ts'

test('a 12 MP landscape phone photo (4032 × 3024) is stored at 2048 × 1536', () => {
  expect(targetSize(4032, 3024)).toEqual({ width: 2048, height: 1536 })
})

test('a portrait photo gets its height, the long edge, set to 2048', () => {
  expect(targetSize(3024, 4032)).toEqual({ width: 1536, height: 2048 })
})

test('a photo within the limit keeps its size, at the limit too', () => {
  expect(targetSize(1600, 1200)).toEqual({ width: 1600, height: 1200 })
  expect(targetSize(2048, 2048)).toEqual({ width: 2048, height: 2048 })
})

test('a very thin panorama never shrinks a side below one pixel', () => {
  expect(targetSize(100_000, 10)).toEqual({ width: 2048, height: 1 })
})

test('an image with no pixels is refused', () => {
  expect(() => targetSize(0, 100)).toThrow(RangeError)
})

test('any size ends with its long edge at most the limit, exactly the limit when it was larger, and the ratio kept', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (width, height) => {
      const size = targetSize(width, height)
      const longEdge = Math.max(size.width, size.height)
      expect(longEdge).toBe(Math.min(MAX_PHOTO_EDGE, Math.max(width, height)))
      expect(size.width).toBeGreaterThanOrEqual(1)
      expect(size.height).toBeGreaterThanOrEqual(1)
      expect(size.width <= width && size.height <= height).toBe(true)
      // Rounding moves the short side by at most half a pixel from the exact ratio (or up to the 1 px floor).
      const [short, exact] = width >= height ? [size.height, (height * size.width) / width] : [size.width, (width * size.height) / height]
      expect(short === 1 || Math.abs(short - exact) <= 0.5 + 1e-9).toBe(true)
    }),
  )
})

test('only a JPEG within the limit is kept as it is; larger ones and other formats are re-encoded', () => {
  expect(keepsOriginal('image/jpeg', 2048, 1536)).toBe(true)
  expect(keepsOriginal('image/jpeg', 4032, 3024)).toBe(false)
  expect(keepsOriginal('image/png', 800, 600)).toBe(false)
  expect(keepsOriginal('image/webp', 800, 600)).toBe(false)
})

test('a re-encoded photo is named as the JPEG it now is', () => {
  expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg')
  expect(jpegName('lights.front.png')).toBe('lights.front.jpg')
  expect(jpegName('camera-capture')).toBe('camera-capture.jpg')
  expect(jpegName('.png')).toBe('photo.jpg')
})
