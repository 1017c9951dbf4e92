import { describe, expect, test } from 'vitest'
import { fileExtension, fileKindOf, IMAGE_EXTENSIONS, isPrintable } from '../../../src/lib/file-kind.ts'

describe('file kinds', () => {
  test('every image extension of the spec is an image, in any letter case', () => {
    for (const extension of IMAGE_EXTENSIONS) {
      expect(fileKindOf(`scan.${extension}`)).toBe('image')
      expect(fileKindOf(`SCAN.${extension.toUpperCase()}`)).toBe('image')
    }
    expect([...IMAGE_EXTENSIONS].sort()).toEqual(['bmp', 'gif', 'ico', 'jpeg', 'jpg', 'png', 'tiff', 'webp'])
  })

  test('a pdf is a pdf and anything else is another type', () => {
    expect(fileKindOf('documents/2f1c.pdf')).toBe('pdf')
    expect(fileKindOf('insurance.docx')).toBe('other')
    expect(fileKindOf('drawing.svg')).toBe('other')
    expect(fileKindOf('README')).toBe('other')
  })

  test('only the last segment counts, and a query string is not part of the name', () => {
    expect(fileExtension('documents.pdf/abc')).toBe('')
    expect(fileExtension('/api/files/documents/abc.png?exp=1&sig=x')).toBe('png')
    expect(fileExtension('.hidden')).toBe('')
  })

  test('images and PDFs are printable, other files are not', () => {
    expect(isPrintable('image')).toBe(true)
    expect(isPrintable('pdf')).toBe(true)
    expect(isPrintable('other')).toBe(false)
  })
})
