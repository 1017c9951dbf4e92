// A PNG written in code, so the repository carries no binary image: the demo's licence and signature
// pictures, and the tests' photos. Valid 8-bit PNGs that the sniffer and the size reader accept.
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG from its scanlines, each a filter byte (0: none) then the row's pixels — 3 bytes each for
 * 'rgb', 1 for 'grey'.
 */
export function encodePng(width: number, height: number, colour: 'rgb' | 'grey', scanlines: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, colour === 'rgb' ? 2 : 0, 0, 0, 0], 8) // 8-bit, colour type, deflate, no filter, no interlace
  // A copy on its own ArrayBuffer (not Node's shared pool), so it can go into a Blob or File as it is.
  return Uint8Array.from(Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(scanlines)), chunk('IEND', new Uint8Array())]))
}
