// A seeded world for the security suite, written straight to the database: two companies, each with an
// owner, a driver, a unit assigned to that driver, unit types and sub types (one of each unused, so it can
// be deleted), an inspection type, the owner's open draft, the driver's open pre-trip with a photo, a
// document on the unit and a pending invitation — plus a signed-in newcomer who has no company yet and
// whose request to join company A waits for its owner.
import path from 'node:path'
import {
  documents,
  documentUnits,
  inspectionItems,
  inspections,
  inspectionTypes,
  invitations,
  joinRequests,
  media,
  unitSubTypes,
} from '../../server/db/schema.ts'
import { hashToken, INVITATION_TTL_MS, newToken } from '../../server/auth/tokens.ts'
import { Upload } from '@tus/utils'
import { diskFileStore, newFileKey, type FileStore } from '../../server/storage/storage.ts'
import type { TestContext, TestUser } from '../server/harness.ts'
import { makeUnit, pngBytes } from '../server/inspection-fixtures.ts'
import { insertUnitType } from '../server/unit-fixtures.ts'

export interface CompanyWorld {
  companyId: string
  slug: string
  owner: TestUser
  driver: TestUser
  /** Assigned to `driver`. */
  unitId: string
  unitTypeId: string
  subTypeId: string
  /** A sub type of `unitTypeId` no unit uses. */
  spareSubTypeId: string
  /** A unit type no unit uses. */
  spareUnitTypeId: string
  inspectionTypeId: string
  /** The owner's open assign-to-driver draft on the unit. */
  ownerDraftId: string
  /** The driver's open pre-trip on the unit. */
  driverDraftId: string
  /** The driver's finished, signed pre-trip on the unit (its last report), with one open defect. */
  reportId: string
  /** That report's out-of-service defect. */
  defectId: string
  /** A photo of the driver's pre-trip. */
  mediaId: string
  /** A photo of the owner's draft. */
  ownerMediaId: string
  /** Signed URL of that photo's file, as the API hands it out. */
  mediaUrl: string
  /** On the unit, visible to drivers. */
  documentId: string
  invitationToken: string
  /** The last segment of a resumable upload's URL, created by `driver`. */
  uploadSegment: string
}

export interface World {
  ctx: TestContext
  a: CompanyWorld
  b: CompanyWorld
  /** Signed in, no company and no role yet (onboarding). */
  newcomer: TestUser
  /** The newcomer's pending request to join company A. */
  joinRequestId: string
}

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** The store the harness's app writes to, for files the world puts in place itself. */
export function fileStoreOf(ctx: TestContext): FileStore {
  return diskFileStore(path.join(ctx.dataDir, 'files'))
}

let serial = 0

/** A resumable upload of `size` bytes, none sent yet, created by the company's driver; its URL's last segment. */
export async function newDriverUpload(ctx: TestContext, company: Pick<CompanyWorld, 'companyId' | 'driver'>, size: number): Promise<string> {
  const segment = crypto.randomUUID()
  await fileStoreOf(ctx).resumable!.datastore.create(
    new Upload({ id: `uploads/${segment}`, size, offset: 0, metadata: { owner: company.driver.id, company: company.companyId, filename: 'clip.mp4', contentType: 'video/mp4' } }),
  )
  return segment
}

async function seedCompany(ctx: TestContext): Promise<CompanyWorld> {
  const { db } = ctx
  const store = fileStoreOf(ctx)
  const company = await ctx.company()
  const owner = await ctx.user({ role: 'owner', companyId: company.id })
  const driver = await ctx.driver(company.id)
  const unit = await makeUnit(db, company.id, { driverId: driver.id })
  const spareType = await insertUnitType(db, company.id, { name: 'Trailer', icon: 'fa-trailer' })
  const [spareSubType] = await db
    .insert(unitSubTypes)
    .values({ unitTypeId: unit.unitTypeId, companyId: company.id, name: 'Flatbed' })
    .returning()

  const [inspectionType] = await db
    .insert(inspectionTypes)
    .values({ companyId: company.id, name: `Mirrors ${serial++}`, icon: 'fa-eye' })
    .returning()
  const [ownerDraft] = await db
    .insert(inspections)
    .values({ kind: 'inspection', companyId: company.id, authorId: owner.id, unitId: unit.id })
    .returning()
  const [driverDraft] = await db
    .insert(inspections)
    .values({ kind: 'pre-inspection', companyId: company.id, authorId: driver.id, unitId: unit.id })
    .returning()

  const [finishedReport] = await db
    .insert(inspections)
    .values({
      kind: 'pre-inspection',
      companyId: company.id,
      authorId: driver.id,
      authorName: 'World Driver',
      unitId: unit.id,
      currentStep: 5,
      signature: pngBytes(30, 12),
      signatureContentType: 'image/png',
      signedAt: new Date(Date.now() - 3_600_000),
      finishedAt: new Date(Date.now() - 3_600_000),
    })
    .returning()
  const [defect] = await db
    .insert(inspectionItems)
    .values({ inspectionId: finishedReport!.id, companyId: company.id, unitId: unit.id, item: 'Tires', result: 'defect', severity: 'out-of-service', note: 'Flat' })
    .returning()

  const photo = pngBytes(8, 8)
  const photoKey = newFileKey('media')
  await store.put(photoKey, photo, 'image/png')
  const [photoRow] = await db
    .insert(media)
    .values({
      companyId: company.id,
      inspectionId: driverDraft!.id,
      kind: 'photo',
      item: 'Tires',
      fileKey: photoKey,
      fileName: 'tires.png',
      contentType: 'image/png',
      size: photo.byteLength,
      width: 8,
      height: 8,
      uploadedBy: driver.id,
    })
    .returning()

  const ownerPhotoKey = newFileKey('media')
  await store.put(ownerPhotoKey, photo, 'image/png')
  const [ownerPhotoRow] = await db
    .insert(media)
    .values({
      companyId: company.id,
      inspectionId: ownerDraft!.id,
      kind: 'photo',
      fileKey: ownerPhotoKey,
      fileName: 'door.png',
      contentType: 'image/png',
      size: photo.byteLength,
      width: 8,
      height: 8,
      uploadedBy: owner.id,
    })
    .returning()

  const documentKey = newFileKey('documents')
  await store.put(documentKey, PDF_BYTES, 'application/pdf')
  const [document] = await db
    .insert(documents)
    .values({
      companyId: company.id,
      authorId: owner.id,
      fileName: 'Registration',
      fileKey: documentKey,
      contentType: 'application/pdf',
      size: PDF_BYTES.byteLength,
      allUnits: false,
      showForDrivers: true,
    })
    .returning()
  await db.insert(documentUnits).values({ documentId: document!.id, unitId: unit.id })

  const invitationToken = newToken()
  await db.insert(invitations).values({
    tokenHash: hashToken(invitationToken),
    email: `invited-${serial++}-${company.slug}@example.com`,
    companyId: company.id,
    invitedBy: owner.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  })

  const details = await ctx.call('GET', `/inspection/${photoRow!.id}/pictureDetails`, { token: owner.token })
  if (details.status !== 200) throw new Error(`seeding: pictureDetails answered ${details.status}`)

  return {
    companyId: company.id,
    slug: company.slug,
    owner,
    driver,
    unitId: unit.id,
    unitTypeId: unit.unitTypeId,
    subTypeId: unit.unitSubTypeId,
    spareSubTypeId: spareSubType!.id,
    spareUnitTypeId: spareType.typeId,
    inspectionTypeId: inspectionType!.id,
    ownerDraftId: ownerDraft!.id,
    driverDraftId: driverDraft!.id,
    reportId: finishedReport!.id,
    defectId: defect!.id,
    mediaId: photoRow!.id,
    ownerMediaId: ownerPhotoRow!.id,
    mediaUrl: (details.body as { signedUrl: string }).signedUrl,
    documentId: document!.id,
    invitationToken,
    uploadSegment: await newDriverUpload(ctx, { companyId: company.id, driver }, 1000),
  }
}

export async function seedWorld(ctx: TestContext): Promise<World> {
  const a = await seedCompany(ctx)
  const b = await seedCompany(ctx)
  const newcomer = await ctx.user({ role: null, companyId: null })
  const [request] = await ctx.db.insert(joinRequests).values({ userId: newcomer.id, companyId: a.companyId }).returning()
  return { ctx, a, b, newcomer, joinRequestId: request!.id }
}
