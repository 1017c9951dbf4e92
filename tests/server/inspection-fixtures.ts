// Units and media bytes for the inspection tests. The images are real, decodable PNGs and structurally
// valid JPEG headers built in code; the videos are real container headers (the server never decodes
// video, it only recognises the container), so no binary fixtures live in the repository.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { encodePng } from '../../server/media/png.ts'
import { unitStatusEvents, unitSubTypes, units, unitTypes, type UnitStatus } from '../../server/db/schema.ts'

let vinCounter = 0

/** The company's Truck type and its Standard sub type, each made the first time (names are unique). */
async function truckType(db: Db, companyId: string) {
  const [found] = await db.select().from(unitTypes).where(and(eq(unitTypes.companyId, companyId), eq(unitTypes.name, 'Truck'))).limit(1)
  const type = found ?? (await db.insert(unitTypes).values({ companyId, name: 'Truck', icon: 'fa-truck', isDefault: true }).returning())[0]!
  const [standard] = await db.select().from(unitSubTypes).where(and(eq(unitSubTypes.unitTypeId, type.id), eq(unitSubTypes.name, 'Standard'))).limit(1)
  const subType = standard ?? (await db.insert(unitSubTypes).values({ companyId, unitTypeId: type.id, name: 'Standard', isDefault: true }).returning())[0]!
  return { type, subType }
}

/** A unit of the company (of its Truck type, Standard sub type), optionally assigned to a driver. */
export async function makeUnit(db: Db, companyId: string, options: { driverId?: string | null; status?: UnitStatus } = {}) {
  const { type, subType } = await truckType(db, companyId)
  vinCounter += 1
  const [unit] = await db
    .insert(units)
    .values({
      companyId,
      unitNumber: `U-${vinCounter}`,
      vin: `1FUJGLDR${String(vinCounter).padStart(9, '0')}`,
      make: 'Freightliner',
      model: 'Cascadia',
      year: 2021,
      unitTypeId: type!.id,
      unitSubTypeId: subType!.id,
      status: options.status ?? (options.driverId ? 'Assigned to Driver' : 'Available'),
      driverId: options.driverId ?? null,
    })
    .returning()
  return unit!
}

export async function unitRow(db: Db, unitId: string) {
  const [row] = await db.select().from(units).where(eq(units.id, unitId))
  return row!
}

export async function timelineOf(db: Db, unitId: string) {
  return db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId))
}


/** A real RGB PNG of the given size (a flat grey, so even a huge one compresses to little). */
export function pngBytes(width: number, height: number): Uint8Array {
  const row = Buffer.alloc(1 + width * 3, 0x80)
  row[0] = 0
  return encodePng(width, height, 'rgb', Buffer.concat(Array.from({ length: height }, () => row)))
}

/** A JPEG's header as a camera writes it (SOI, JFIF, baseline SOF0 with the size), padded to `size` bytes. */
export function jpegBytes(width: number, height: number, size = 2048): Uint8Array {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  const head = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    sof,
  ])
  const tail = Buffer.from([0xff, 0xd9])
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x00)
  return new Uint8Array(Buffer.concat([head, padding, tail]))
}

/** An ISO base media file (`ftyp` box, then an empty `mdat`) of the given brand, padded to `size` bytes. */
export function isoMediaBytes(brand: string, compatible: string[] = [], size = 4096): Uint8Array {
  // major brand, minor version, compatible brands
  const brands = Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(compatible.join(''), 'latin1')])
  const ftyp = Buffer.alloc(8 + brands.length)
  ftyp.writeUInt32BE(ftyp.length, 0)
  ftyp.write('ftyp', 4, 'ascii')
  brands.copy(ftyp, 8)
  const mdatSize = Math.max(8, size - ftyp.length)
  const mdat = Buffer.alloc(mdatSize)
  mdat.writeUInt32BE(mdatSize, 0)
  mdat.write('mdat', 4, 'ascii')
  return new Uint8Array(Buffer.concat([ftyp, mdat]))
}

export const mp4Bytes = (size?: number) => isoMediaBytes('isom', ['isom', 'iso2', 'avc1', 'mp41'], size)

/** A WebM file's EBML header (DocType "webm"), as MediaRecorder in Chromium writes it. */
export function webmBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
      Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'ascii'),
      Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
      Buffer.alloc(256, 0),
    ]),
  )
}

/** A 1×1 8-bit grey TIFF with a real image file directory, little- or big-endian ('II' / 'MM'). */
export function tiffBytes(littleEndian: boolean): Uint8Array {
  // tag, type (3 SHORT, 4 LONG), value: width, height, bits, no compression, black-is-zero, strip offset,
  // samples, rows per strip, strip byte count.
  const entries: [number, 3 | 4, number][] = [[256, 3, 1], [257, 3, 1], [258, 3, 8], [259, 3, 1], [262, 3, 1], [273, 4, 8 + 2 + 12 * 9 + 4], [277, 3, 1], [278, 3, 1], [279, 4, 1]]
  const bytes = Buffer.alloc(8 + 2 + 12 * entries.length + 4 + 1)
  const u16 = (value: number, at: number) => (littleEndian ? bytes.writeUInt16LE(value, at) : bytes.writeUInt16BE(value, at))
  const u32 = (value: number, at: number) => (littleEndian ? bytes.writeUInt32LE(value, at) : bytes.writeUInt32BE(value, at))
  bytes.write(littleEndian ? 'II' : 'MM', 0, 'latin1')
  u16(42, 2)
  u32(8, 4)
  u16(entries.length, 8)
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12
    u16(tag, at)
    u16(type, at + 2)
    u32(1, at + 4)
    if (type === 3) u16(value, at + 8)
    else u32(value, at + 8)
  })
  return new Uint8Array(bytes)
}

/** A multipart body for an upload route. */
export function uploadForm(fields: Record<string, string>, files: { bytes: Uint8Array; name: string; type?: string }[], field = 'files') {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files) form.append(field, new File([file.bytes as BlobPart], file.name, { type: file.type ?? 'application/octet-stream' }))
  return form
}

/** A signature pad's PNG as the data URL the client sends. */
export const signatureDataUrl = (width = 300, height = 120) => `data:image/png;base64,${Buffer.from(pngBytes(width, height)).toString('base64')}`
