// Spec §9: at most 69 pictures per selection — more are cut to the first 69, and the owner is told.
import { expect, test } from 'vitest'
import { limitPhotoSelection, MAX_PHOTOS_PER_SELECTION } from '../../../src/outbox/add-photo-captures.ts'

const picture = (index: number) => new File([new Uint8Array(4)], `photo-${index}.jpg`, { type: 'image/jpeg' })
const pictures = (count: number) => Array.from({ length: count }, (_, index) => picture(index + 1))

test('up to 69 pictures are all kept without a message', () => {
  const selection = pictures(69)
  expect(MAX_PHOTOS_PER_SELECTION).toBe(69)
  expect(limitPhotoSelection(selection)).toEqual({ accepted: selection, message: null })
})

test('70 pictures keep the first 69 in their order and say so', () => {
  const selection = pictures(70)
  const { accepted, message } = limitPhotoSelection(selection)
  expect(accepted).toEqual(selection.slice(0, 69))
  expect(accepted.map((file) => file.name)).not.toContain('photo-70.jpg')
  expect(message).toBe('You can add up to 69 pictures at a time. The first 69 were added.')
})

test('files that are not pictures are left out, and the owner is told', () => {
  const pdf = new File([new Uint8Array(4)], 'invoice.pdf', { type: 'application/pdf' })
  const { accepted, message } = limitPhotoSelection([picture(1), pdf, picture(2)])
  expect(accepted.map((file) => file.name)).toEqual(['photo-1.jpg', 'photo-2.jpg'])
  expect(message).toBe('Only pictures can be added here.')
})

test('a picture whose type the phone did not say is recognised by its extension', () => {
  const untyped = new File([new Uint8Array(4)], 'IMG_0042.HEIC')
  expect(limitPhotoSelection([untyped]).accepted).toEqual([untyped])
})
