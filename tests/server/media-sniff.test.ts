import { expect, test } from 'vitest'
import { sniffMedia } from '../../server/media/file-type.ts'
import { isoMediaBytes, jpegBytes, mp4Bytes, pngBytes, webmBytes } from './inspection-fixtures.ts'

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

test('JPEG, PNG, GIF and WebP photos are recognised from their bytes', async () => {
  expect(await sniffMedia(jpegBytes(4032, 3024))).toEqual({ kind: 'photo', contentType: 'image/jpeg' })
  expect(await sniffMedia(pngBytes(4, 4))).toEqual({ kind: 'photo', contentType: 'image/png' })
  expect(await sniffMedia(bytesOf('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toEqual({ kind: 'photo', contentType: 'image/gif' })
  expect(await sniffMedia(bytesOf('RIFF\x24\x00\x00\x00WEBPVP8 '))).toEqual({ kind: 'photo', contentType: 'image/webp' })
})

test('iPhone HEIC and generic HEIF photos are recognised by their ftyp brand', async () => {
  expect(await sniffMedia(isoMediaBytes('heic', ['mif1', 'heic']))).toEqual({ kind: 'photo', contentType: 'image/heic' })
  expect(await sniffMedia(isoMediaBytes('mif1', ['mif1']))).toEqual({ kind: 'photo', contentType: 'image/heif' })
})

test('MP4, QuickTime and WebM videos are recognised from their container', async () => {
  expect(await sniffMedia(mp4Bytes())).toEqual({ kind: 'video', contentType: 'video/mp4' })
  expect(await sniffMedia(isoMediaBytes('qt  ', ['qt  ']))).toEqual({ kind: 'video', contentType: 'video/quicktime' })
  expect(await sniffMedia(bytesOf('\x00\x00\x00\x08wide\x00\x00\x00\x10mdat'))).toEqual({ kind: 'video', contentType: 'video/quicktime' })
  expect(await sniffMedia(webmBytes())).toEqual({ kind: 'video', contentType: 'video/webm' })
})

test('HTML, SVG, PDF and script files are not media, whatever they are named', async () => {
  expect(await sniffMedia(bytesOf('<!doctype html><html><script>alert(1)</script></html>'))).toBeNull()
  expect(await sniffMedia(bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull()
  expect(await sniffMedia(bytesOf('%PDF-1.7\n'))).toBeNull()
  expect(await sniffMedia(bytesOf('#!/bin/sh\necho hi'))).toBeNull()
})

test('empty, truncated and unlisted containers are refused', async () => {
  expect(await sniffMedia(new Uint8Array())).toBeNull()
  expect(await sniffMedia(new Uint8Array([0xff, 0xd8]))).toBeNull()
  expect(await sniffMedia(bytesOf('\x00\x00\x00\x14ftyp'))).toBeNull()
  // AVIF, M4A audio and Matroska (not WebM) are real media, but not types we accept.
  expect(await sniffMedia(isoMediaBytes('avif', ['avif', 'mif1']))).toBeNull()
  expect(await sniffMedia(isoMediaBytes('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull()
  const matroska = webmBytes()
  Buffer.from(matroska.buffer).write('mkvx', matroska.indexOf(0x77), 'latin1')
  expect(await sniffMedia(matroska)).toBeNull()
})
