// Demo data for a new data dir (design.md §4): the company 'Demo Freight' set up like any new company,
// its owner and two drivers, units in every status, oil changes (one overdue, one due soon), a status
// history, a few finished inspections, and the sign-ins printed on stdout. Seeds once: a data dir that
// already has the demo company is left as it is.
import { and, eq, inArray } from 'drizzle-orm'
import { createCompanyWithDefaults } from './accounts/company-defaults.ts'
import { hashPassword, type ScryptCost } from './auth/password.ts'
import type { Db } from './db/client.ts'
import { encodePng } from './media/png.ts'
import { demoPhotoPng, DEMO_PHOTO_SIZE, demoVideo, type DemoScene } from './demo-media/demo-media.ts'
import {
  companies,
  inspectionItems,
  inspections,
  media,
  oilChanges,
  unitStatusEvents,
  unitSubTypes,
  unitTypes,
  units,
  userDocuments,
  users,
  type UnitStatus,
} from './db/schema.ts'
import { newFileKey, type FileStore } from './storage/storage.ts'

export const DEMO_COMPANY = { name: 'Demo Freight', slug: 'demo-freight' } as const
export const DEMO_PASSWORD = 'Fleetyard1'
/** DEMO_PASSWORD hashed once at OWASP cost (OWASP_SCRYPT), for the demo accounts of every new data dir. */
export const DEMO_PASSWORD_HASH =
  'scrypt$131072$8$1$nCF0RWhfsMPrsVVRbCyFyA==$IAfjxYOvM7uE/jSTbzKFLx+b6b+zRTDxhnGBmidYdYsbBTI6idxv5hfjADUcFdjLWQH9SExbmHBMBKAtchRn4g=='
export const DEMO_ACCOUNTS = {
  owner: { email: 'owner@fleetyard.demo', firstName: 'Olivia', lastName: 'Owner', phone: '(512) 555-0100' },
  alex: { email: 'alex@fleetyard.demo', firstName: 'Alex', lastName: 'Driver', phone: '(512) 555-0142' },
  maria: { email: 'maria@fleetyard.demo', firstName: 'Maria', lastName: 'Lopez', phone: '(512) 555-0177' },
} as const

export interface SeedOptions {
  log: (line: string) => void
  files: FileStore
  /** Tests pass a cheaper cost; the demo accounts otherwise get real OWASP-cost hashes. */
  scryptCost?: ScryptCost
  now?: Date
}

export type SeedOutcome = 'seeded' | 'already-seeded' | 'skipped'

type Holder = 'alex' | 'maria'
type DemoUnit = {
  unitNumber: string
  type: 'Truck' | 'Trailer'
  semi: boolean
  make: string
  model: string
  year: number
  vin: string
  plate: string
  status: UnitStatus
  driver?: Holder
  /** Days from today to the next oil change, for units of the Semi sub type. */
  nextOilInDays?: number
}

const DEMO_UNITS: DemoUnit[] = [
  { unitNumber: '101', type: 'Truck', semi: true, make: 'Freightliner', model: 'Cascadia', year: 2022, vin: '3AKJHHDR5NSNA1234', plate: 'TX-4KD218', status: 'Assigned to Driver', driver: 'alex', nextOilInDays: -4 },
  { unitNumber: '102', type: 'Truck', semi: true, make: 'Kenworth', model: 'T680', year: 2021, vin: '1XKYD49X1MJ441876', plate: 'TX-7PL304', status: 'Assigned to Driver', driver: 'maria', nextOilInDays: 6 },
  { unitNumber: '103', type: 'Truck', semi: true, make: 'Peterbilt', model: '579', year: 2023, vin: '1XPBD49X8PD802345', plate: 'TX-2MV981', status: 'Available', nextOilInDays: 45 },
  { unitNumber: '104', type: 'Truck', semi: true, make: 'Volvo', model: 'VNL 860', year: 2022, vin: '4V4NC9EH2NN298765', plate: 'TX-9RC452', status: 'Maintenance', nextOilInDays: 88 },
  { unitNumber: '105', type: 'Truck', semi: true, make: 'International', model: 'LT625', year: 2020, vin: '3HSDZAPR7LN512345', plate: 'TX-5HW617', status: 'Assigned to Driver', driver: 'alex', nextOilInDays: 120 },
  { unitNumber: '106', type: 'Truck', semi: true, make: 'Mack', model: 'Anthem', year: 2021, vin: '1M1AN4GY3MM014567', plate: 'TX-8BN730', status: 'Rented Out', nextOilInDays: 151 },
  { unitNumber: '107', type: 'Truck', semi: false, make: 'Freightliner', model: 'M2 106', year: 2019, vin: '1FVACWDT0KHKL3456', plate: 'TX-3JD845', status: 'Available' },
  { unitNumber: '108', type: 'Truck', semi: false, make: 'Isuzu', model: 'NPR HD', year: 2020, vin: 'JALC4W160L7012345', plate: 'TX-6TS129', status: 'Reserved' },
  { unitNumber: 'T201', type: 'Trailer', semi: false, make: 'Utility', model: '4000D-X', year: 2021, vin: '1UYVS2530MU123456', plate: 'TX-T20114', status: 'Available' },
  { unitNumber: 'T202', type: 'Trailer', semi: false, make: 'Great Dane', model: 'Champion CL', year: 2020, vin: '1GRAA0621LB701234', plate: 'TX-T20227', status: 'Assigned to Driver', driver: 'maria' },
  { unitNumber: 'T203', type: 'Trailer', semi: false, make: 'Wabash', model: 'DuraPlate', year: 2022, vin: '1JJV532D5NL305678', plate: 'TX-T20339', status: 'Reserved' },
  { unitNumber: 'T204', type: 'Trailer', semi: false, make: 'Hyundai Translead', model: 'HT CompositeLite', year: 2019, vin: '3H3V532C8KT012345', plate: 'TX-T20441', status: 'Rented Out' },
  { unitNumber: 'T205', type: 'Trailer', semi: false, make: 'Stoughton', model: 'Composite Z-Plate', year: 2021, vin: '1DW1A5320MB654321', plate: 'TX-T20558', status: 'Maintenance' },
  { unitNumber: 'T206', type: 'Trailer', semi: false, make: 'Vanguard', model: 'VIP4000', year: 2023, vin: '5V8VC5323PM701234', plate: 'TX-T20663', status: 'Available' },
]

const STATUS_NOTES: Record<UnitStatus, (driverName: string) => string> = {
  Available: () => 'Added to the fleet',
  'Assigned to Driver': (driverName) => `Assigned to ${driverName} after inspection`,
  Reserved: () => 'Reserved for a customer pickup on Friday',
  'Rented Out': () => 'Rented out to Lone Star Logistics',
  Maintenance: () => 'In the shop for brake service',
}

const DAY_MS = 24 * 60 * 60 * 1000

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

function addMonths(date: Date, months: number): Date {
  const moved = new Date(date)
  moved.setUTCMonth(moved.getUTCMonth() + months)
  return moved
}


/**
 * A small licence-card picture, drawn in code so the repository carries no binary: a coloured card with
 * a header band, a photo square and a few text lines. A real, valid PNG (RGB, 8 bits).
 */
export function licenceCardPng(accent: readonly [number, number, number]): Uint8Array {
  const width = 96
  const height = 60
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < width; x++) {
      let pixel: readonly [number, number, number] = [232, 240, 248]
      if (y < 12) pixel = accent
      else if (x >= 6 && x < 30 && y >= 18 && y < 52) pixel = [150, 160, 172]
      else if (x >= 36 && x < 88 && (y - 20) % 8 < 3 && y >= 20 && y < 48) pixel = [96, 110, 128]
      rows.push(...pixel)
    }
  }
  return encodePng(width, height, 'rgb', Uint8Array.from(rows))
}

function printSignIns(log: (line: string) => void) {
  log(`Demo company ${DEMO_COMPANY.name} — sign in with password ${DEMO_PASSWORD}:`)
  log(`  owner   ${DEMO_ACCOUNTS.owner.email}`)
  log(`  driver  ${DEMO_ACCOUNTS.alex.email}  (no driver licence yet)`)
  log(`  driver  ${DEMO_ACCOUNTS.maria.email}`)
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedOutcome> {
  const { log, files } = options
  const [present] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, DEMO_COMPANY.slug))
  if (present) {
    printSignIns(log)
    return 'already-seeded'
  }
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email)
  const taken = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
  if (taken.length > 0) {
    log(`Demo data not added: ${taken.map((row) => row.email).join(', ')} already has an account here.`)
    return 'skipped'
  }

  const now = options.now ?? new Date()
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS)
  // At OWASP cost each hash holds 128 MB while it runs: the largest single thing a first start did. The
  // demo password is printed for anyone to read, so its hash protects nothing, and one made once
  // (DEMO_PASSWORD_HASH) serves every demo account. A cost given (tests) hashes afresh.
  const hash = () => (options.scryptCost ? hashPassword(DEMO_PASSWORD, options.scryptCost) : Promise.resolve(DEMO_PASSWORD_HASH))
  const ownerHash = await hash()
  const alexHash = await hash()
  const mariaHash = await hash()
  const licenceFront = { key: newFileKey('licences'), bytes: licenceCardPng([37, 99, 235]) }
  const licenceRear = { key: newFileKey('licences'), bytes: licenceCardPng([71, 85, 105]) }
  await files.put(licenceFront.key, licenceFront.bytes, 'image/png')
  await files.put(licenceRear.key, licenceRear.bytes, 'image/png')
  // Photos for each finished inspection (0, 1: the owner's; 2: Maria's pre-trip, per checklist item) and
  // one video with its poster frame; stored before the rows that name them, as an upload would be.
  const photo = (inspection: number, scene: DemoScene, accent: readonly [number, number, number], fileName: string, item: string | null = null) => ({
    inspection,
    kind: 'photo' as const,
    item,
    key: newFileKey('media'),
    bytes: demoPhotoPng(scene, accent),
    contentType: 'image/png',
    fileName,
    posterKey: null as string | null,
  })
  const walkaround = demoVideo()
  const posterKey = newFileKey('posters')
  const demoCaptures = [
    photo(0, 'side', [29, 78, 216], 'cab-left.png'),
    photo(0, 'tire', [148, 163, 184], 'front-tire.png'),
    photo(0, 'light', [71, 85, 105], 'headlight.png'),
    { inspection: 0, kind: 'video' as const, item: null, key: newFileKey('media'), bytes: walkaround.video, contentType: 'video/webm', fileName: 'walkaround.webm', posterKey },
    photo(1, 'side', [21, 128, 61], 'trailer-side.png'),
    photo(1, 'tire', [100, 116, 139], 'rear-tire.png'),
    photo(2, 'light', [30, 41, 59], 'lights.png', 'Lights'),
    photo(2, 'tire', [71, 85, 105], 'tires.png', 'Tire Pressure & Condition'),
    photo(2, 'gauge', [37, 99, 235], 'engine-oil.png', 'Engine Oil'),
    photo(2, 'gauge', [22, 163, 74], 'coolant.png', 'Coolant level'),
  ]
  await files.put(posterKey, walkaround.poster, 'image/jpeg')
  for (const capture of demoCaptures) await files.put(capture.key, capture.bytes, capture.contentType)

  await db.transaction(async (tx) => {
    const company = await createCompanyWithDefaults(tx, DEMO_COMPANY.name)
    if (company.slug !== DEMO_COMPANY.slug) throw new Error(`demo company got slug ${company.slug}`)
    const joined = { companyId: company.id, isNewUser: false, createdAt: daysAgo(60), updatedAt: daysAgo(60) }
    const [owner, alex, maria] = await tx
      .insert(users)
      .values([
        { ...DEMO_ACCOUNTS.owner, passwordHash: ownerHash, role: 'owner', ...joined },
        { ...DEMO_ACCOUNTS.alex, passwordHash: alexHash, role: 'driver', ...joined },
        { ...DEMO_ACCOUNTS.maria, passwordHash: mariaHash, role: 'driver', ...joined },
      ])
      .returning()
    if (!owner || !alex || !maria) throw new Error('demo users were not created')
    const drivers: Record<Holder, typeof alex> = { alex, maria }

    await tx.insert(userDocuments).values([
      { userId: maria.id, type: 'driver-licence', fileKey: licenceFront.key, contentType: 'image/png', createdAt: daysAgo(50) },
      { userId: maria.id, type: 'driver-licence-rear', fileKey: licenceRear.key, contentType: 'image/png', createdAt: daysAgo(50) },
    ])

    const types = await tx.select().from(unitTypes).where(eq(unitTypes.companyId, company.id))
    const truck = types.find((type) => type.name === 'Truck')
    const trailer = types.find((type) => type.name === 'Trailer')
    if (!truck || !trailer) throw new Error('default unit types missing')
    const defaultSubTypes = await tx
      .select()
      .from(unitSubTypes)
      .where(and(eq(unitSubTypes.companyId, company.id), eq(unitSubTypes.isDefault, true)))
    const standardOf = (unitTypeId: string) => {
      const found = defaultSubTypes.find((sub) => sub.unitTypeId === unitTypeId)
      if (!found) throw new Error('default sub type missing')
      return found.id
    }
    const [semi] = await tx
      .insert(unitSubTypes)
      .values({ unitTypeId: truck.id, companyId: company.id, name: 'Semi', changeOil: true })
      .returning()
    if (!semi) throw new Error('Semi sub type was not created')

    const createdUnits = await tx
      .insert(units)
      .values(
        DEMO_UNITS.map((unit, index) => ({
          companyId: company.id,
          unitNumber: unit.unitNumber,
          vin: unit.vin,
          make: unit.make,
          model: unit.model,
          year: unit.year,
          plateNumber: unit.plate,
          status: unit.status,
          unitTypeId: unit.type === 'Truck' ? truck.id : trailer.id,
          unitSubTypeId: unit.semi ? semi.id : standardOf(unit.type === 'Truck' ? truck.id : trailer.id),
          driverId: unit.driver ? drivers[unit.driver].id : null,
          createdAt: daysAgo(45 - index),
          updatedAt: daysAgo(10 - (index % 7)),
        })),
      )
      .returning({ id: units.id, vin: units.vin })
    const unitIdOf = (vin: string) => {
      const found = createdUnits.find((unit) => unit.vin === vin)
      if (!found) throw new Error(`unit ${vin} missing`)
      return found.id
    }

    await tx.insert(oilChanges).values(
      DEMO_UNITS.filter((unit) => unit.nextOilInDays !== undefined).map((unit) => {
        const next = new Date(now.getTime() + unit.nextOilInDays! * DAY_MS)
        return {
          unitId: unitIdOf(unit.vin),
          changeDate: isoDate(addMonths(next, -6)),
          nextChangeDate: isoDate(next),
          createdBy: owner.id,
          createdAt: addMonths(next, -6),
        }
      }),
    )

    await tx.insert(unitStatusEvents).values(
      DEMO_UNITS.flatMap((unit, index) => {
        const unitId = unitIdOf(unit.vin)
        const added = { unitId, status: 'Available' as const, performedBy: owner.id, notes: STATUS_NOTES.Available(''), createdAt: daysAgo(45 - index) }
        if (unit.status === 'Available') return [added]
        const driver = unit.driver ? drivers[unit.driver] : null
        const driverName = driver ? `${driver.firstName} ${driver.lastName}` : ''
        return [
          added,
          { unitId, status: unit.status, performedBy: owner.id, notes: STATUS_NOTES[unit.status](driverName), createdAt: daysAgo(12 - (index % 9)) },
        ]
      }),
    )

    const signature = licenceCardPng([15, 23, 42])
    const finishedInspection = (vin: string, description: string, days: number) => ({
      kind: 'inspection' as const,
      companyId: company.id,
      authorId: owner.id,
      unitId: unitIdOf(vin),
      toUserId: alex.id,
      description,
      signature,
      signatureContentType: 'image/png',
      currentStep: 5,
      finishedAt: daysAgo(days),
      createdAt: daysAgo(days),
      updatedAt: daysAgo(days),
    })
    const finished = await tx
      .insert(inspections)
      .values([
        finishedInspection('3AKJHHDR5NSNA1234', 'Handed over with a full tank. Small chip on the windshield, passenger side.', 9),
        finishedInspection('3HSDZAPR7LN512345', 'Tires and lights checked with the driver. No damage found.', 6),
        {
          kind: 'pre-inspection',
          companyId: company.id,
          authorId: maria.id,
          authorName: 'Maria Lopez',
          unitId: unitIdOf('1XKYD49X1MJ441876'),
          toUserId: null,
          description: 'All lights working, oil and coolant at the mark.',
          signature,
          signatureContentType: 'image/png',
          currentStep: 2,
          signedAt: daysAgo(1),
          finishedAt: daysAgo(1),
          createdAt: daysAgo(1),
          updatedAt: daysAgo(1),
        },
      ])
      .returning()
    const mariasReport = finished[2]
    // Her report as a DVIR: one minor defect for the owner's Defects screen, the rest OK.
    await tx.insert(inspectionItems).values(
      ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level'].map((item, index) => ({
        inspectionId: mariasReport!.id,
        companyId: company.id,
        unitId: mariasReport!.unitId,
        item,
        ...(item === 'Tire Pressure & Condition'
          ? { result: 'defect' as const, severity: 'minor' as const, note: 'Right rear inner tire low (85 psi); aired up to 110.' }
          : { result: 'ok' as const }),
        createdAt: new Date(daysAgo(1).getTime() + index),
      })),
    )
    // Their photos and video, stamped as a phone in the yard (Austin, TX) would have.
    const captures = demoCaptures.map((capture, index) => {
      const inspection = finished[capture.inspection]!
      const takenAt = new Date(inspection.createdAt.getTime() - (demoCaptures.length - index) * 60_000)
      return {
        companyId: company.id,
        inspectionId: inspection.id,
        kind: capture.kind,
        item: capture.item,
        fileKey: capture.key,
        fileName: capture.fileName,
        contentType: capture.contentType,
        size: capture.bytes.length,
        width: capture.kind === 'photo' ? DEMO_PHOTO_SIZE.width : null,
        height: capture.kind === 'photo' ? DEMO_PHOTO_SIZE.height : null,
        posterKey: capture.posterKey,
        capturedAt: takenAt,
        latitude: 30.2672 + index * 0.0001,
        longitude: -97.7431 - index * 0.0001,
        locationAccuracy: 8,
        uploadedBy: inspection.authorId,
        createdAt: takenAt,
      }
    })
    await tx.insert(media).values(captures)
  })

  printSignIns(log)
  return 'seeded'
}
