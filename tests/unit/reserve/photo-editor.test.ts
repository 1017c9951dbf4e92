// The photo editor's geometry: quarter turns, the crop a drag selects, and the pixels it keeps.
import { expect, test } from 'vitest'
import { cropFromDrag, cropPixels, nextTurn, rotatedSize } from '../../../src/ui/photo-editor.tsx'

test('a quarter turn swaps width and height, a half turn keeps them, and four turns come back', () => {
  expect(rotatedSize({ width: 2048, height: 1536 }, 1)).toEqual({ width: 1536, height: 2048 })
  expect(rotatedSize({ width: 2048, height: 1536 }, 2)).toEqual({ width: 2048, height: 1536 })
  expect(nextTurn(nextTurn(nextTurn(nextTurn(0))))).toBe(0)
})

test('a drag in any direction selects the same rectangle, kept inside the picture', () => {
  expect(cropFromDrag([0.8, 0.9], [0.2, 0.1])).toEqual(cropFromDrag([0.2, 0.1], [0.8, 0.9]))
  const crop = cropFromDrag([-0.5, 0.25], [0.5, 1.5])!
  expect(crop.x).toBe(0)
  expect(crop.y).toBe(0.25)
  expect(crop.width).toBe(0.5)
  expect(crop.height).toBe(0.75)
})

test('a tap is not a crop', () => {
  expect(cropFromDrag([0.5, 0.5], [0.505, 0.6])).toBeNull()
})

test('the crop becomes whole pixels of the turned picture, and no crop keeps it all', () => {
  const turned = rotatedSize({ width: 2048, height: 1536 }, 1)
  expect(cropPixels(turned, { x: 0.25, y: 0.5, width: 0.5, height: 0.25 })).toEqual({ x: 384, y: 1024, width: 768, height: 512 })
  expect(cropPixels(turned, null)).toEqual({ x: 0, y: 0, width: 1536, height: 2048 })
})
