// The one source of truth for stored data. Every entity of spec §3 has its table here;
// API shapes (with `_id`) are produced by the serializers next to each route, never by the table.
import { sql, type SQL } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { DistanceUnit } from '../../core/contract/company-settings.ts'
import type { Language } from '../../core/contract/auth.ts'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A name as people tell names apart: case and extra spaces ignored ('Flat  bed' is 'flat bed'). The
 * unique indexes on type names use it, so a duplicate is refused however it is typed.
 */
export const nameKey = (name: AnyPgColumn): SQL => sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  active: boolean('active').notNull().default(true),
  /** IANA zone the daily reminders follow (server/reminders); the owner's browser zone at creation. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** What the company's odometers read in: 'mi' or 'km'. */
  distanceUnit: text('distance_unit').$type<DistanceUnit>().notNull().default('mi'),
  /** How long finished pre-trip reports are kept (docs/decisions/011-dvir.md): at least 3 months. */
  reportRetentionMonths: integer('report_retention_months').notNull().default(12),
  createdAt: createdAt(),
})

export const ROLES = ['owner', 'driver'] as const
export type RoleName = (typeof ROLES)[number]

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique across the whole product (one account, one company). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Storage key of the avatar image, served through the files route. */
    avatarKey: text('avatar_key'),
    role: text('role').$type<RoleName>(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    isNewUser: boolean('is_new_user').notNull().default(true),
    /** The driver licence's expiry date (reminders 30, 7 and 0 days before); null: not given. */
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    /** The language the user reads the app, mails and notifications in; null: never chosen (the device decides). */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_idx').on(t.companyId),
    // A file link names its file; the files route finds whose it is (routes/files.ts).
    index('users_avatar_key_idx').on(t.avatarKey),
    // A company's drivers by name (the drivers list's keyset order).
    index('users_company_role_name_idx').on(t.companyId, t.role, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.email, t.id),
  ],
)

/** Opaque bearer sessions: only the SHA-256 of the token is stored, so a database leak leaks no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The sweep of ended sessions.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

export const USER_DOCUMENT_TYPES = ['driver-licence', 'driver-licence-rear'] as const
export type UserDocumentType = (typeof USER_DOCUMENT_TYPES)[number]

export const userDocuments = pgTable(
  'user_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<UserDocumentType>().notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_documents_user_type_key').on(t.userId, t.type), index('user_documents_file_key_idx').on(t.fileKey)],
)

/** Single-use, expiring. The token itself is mailed; only its hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_company_idx').on(t.companyId),
    index('invitations_invited_by_idx').on(t.invitedBy),
  ],
)

export const JOIN_REQUEST_STATUSES = ['pending', 'declined'] as const
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number]

/**
 * A person asking to drive for a company (sign-up by company link, or Apply to Company): they stay
 * without a company, and see none of its data, until its owner approves — which makes them its driver
 * and removes the row. A declined request stays so the person is told; applying again replaces it.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').$type<JoinRequestStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One request per person at a time.
    uniqueIndex('join_requests_user_key').on(t.userId),
    // The owner's list of pending requests, oldest first, and the sidebar's count.
    index('join_requests_company_status_idx').on(t.companyId, t.status, t.createdAt),
  ],
)

/** Single-use, expiring. The token itself is mailed; only its hash is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
)

export const UNIT_TYPE_ICONS = ['fa-truck', 'fa-trailer'] as const
export type UnitTypeIcon = (typeof UNIT_TYPE_ICONS)[number]

export const unitTypes = pgTable(
  'unit_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Distance between oil changes, in the company's distance unit; null: the default (10,000 mi / 16,000 km). */
    oilChangeInterval: integer('oil_change_interval'),
    createdAt: createdAt(),
  },
  (t) => [index('unit_types_company_idx').on(t.companyId), uniqueIndex('unit_types_company_name_key').on(t.companyId, nameKey(t.name))],
)

export const unitSubTypes = pgTable(
  'unit_sub_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitTypeId: uuid('unit_type_id')
      .notNull()
      .references(() => unitTypes.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    changeOil: boolean('change_oil').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('unit_sub_types_type_idx').on(t.unitTypeId),
    index('unit_sub_types_company_idx').on(t.companyId),
    // Within its unit type: every company's Truck and Trailer each have a 'Standard'.
    uniqueIndex('unit_sub_types_type_name_key').on(t.unitTypeId, nameKey(t.name)),
  ],
)

/** A row with no company is built in and offered to every company. */
export const inspectionTypes = pgTable(
  'inspection_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inspection_types_company_idx').on(t.companyId),
    // A company's own names; built-ins (no company) are distinct rows of NULL and checked by the route.
    uniqueIndex('inspection_types_company_name_key').on(t.companyId, nameKey(t.name)),
  ],
)

export const MEDIA_KINDS = ['photo', 'video'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** Which inspection types a sub type's checklist includes, and whether each wants a photo or a video. */
export const subTypeInspectionTypes = pgTable(
  'sub_type_inspection_types',
  {
    unitSubTypeId: uuid('unit_sub_type_id')
      .notNull()
      .references(() => unitSubTypes.id, { onDelete: 'cascade' }),
    inspectionTypeId: uuid('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull().default('photo'),
  },
  (t) => [
    primaryKey({ columns: [t.unitSubTypeId, t.inspectionTypeId] }),
    index('sub_type_inspection_types_inspection_type_idx').on(t.inspectionTypeId),
  ],
)

export const UNIT_STATUSES = ['Available', 'Assigned to Driver', 'Reserved', 'Rented Out', 'Maintenance'] as const
export type UnitStatus = (typeof UNIT_STATUSES)[number]

/**
 * The text the units search box looks in: the searched fields joined by spaces, so the trigram index
 * and the search's WHERE are one expression (an index serves a query only when they match exactly).
 */
export function unitSearchText(t: {
  unitNumber: AnyPgColumn
  vin: AnyPgColumn
  make: AnyPgColumn
  model: AnyPgColumn
  plateNumber: AnyPgColumn
  year: AnyPgColumn
}): SQL {
  return sql`${t.unitNumber} || ' ' || ${t.vin} || ' ' || ${t.make} || ' ' || ${t.model} || ' ' || ${t.plateNumber} || ' ' || ${t.year}::text`
}

export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    unitNumber: text('unit_number').notNull(),
    vin: text('vin').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    plateNumber: text('plate_number').notNull().default(''),
    status: text('status').$type<UnitStatus>().notNull().default('Available'),
    unitTypeId: uuid('unit_type_id')
      .notNull()
      .references(() => unitTypes.id, { onDelete: 'restrict' }),
    unitSubTypeId: uuid('unit_sub_type_id')
      .notNull()
      .references(() => unitSubTypes.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by DELETE /units/{id}: hidden from every list, its reports kept; null again when restored. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_company_vin_key').on(t.companyId, t.vin),
    index('units_driver_idx').on(t.driverId),
    // One index per keyset order of the units list (server/units/units-list.ts), each ending in the id.
    index('units_company_newest_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('units_company_unit_number_idx').on(t.companyId, sql`lower(${t.unitNumber})`, t.id),
    index('units_company_vin_idx').on(t.companyId, sql`lower(${t.vin})`, t.id),
    index('units_company_make_idx').on(t.companyId, sql`lower(${t.make})`, t.id),
    index('units_company_model_idx').on(t.companyId, sql`lower(${t.model})`, t.id),
    index('units_company_year_idx').on(t.companyId, t.year, t.id),
    index('units_company_status_idx').on(t.companyId, t.status, t.id),
    // The status and type filters on the default order; the type ones also serve the foreign keys.
    index('units_company_status_newest_idx').on(t.companyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('units_type_newest_idx').on(t.unitTypeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('units_sub_type_newest_idx').on(t.unitSubTypeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A page's `total` without filters: an index-only scan of the unarchived rows, where the orders'
    // indexes would read every row from the table to see archived_at. With status in it as well, the
    // planner's default costs (random_page_cost 4) chose a sequential scan again for a company that is
    // most of the table (the bench's), at three times the time.
    index('units_company_active_idx').on(t.companyId).where(sql`${t.archivedAt} is null`),
    // The search box: a substring of any searched field, found through trigrams (pg_trgm), not a scan.
    index('units_search_trgm_idx').using('gin', sql`(${unitSearchText(t)}) gin_trgm_ops`),
  ],
)

export const oilChanges = pgTable(
  'oil_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    changeDate: date('change_date', { mode: 'string' }).notNull(),
    nextChangeDate: date('next_change_date', { mode: 'string' }).notNull(),
    /** The odometer at the change, in the company's distance unit; null: not given. */
    odometer: integer('odometer'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('oil_changes_unit_idx').on(t.unitId), index('oil_changes_created_by_idx').on(t.createdBy)],
)

/** The unit's History: one row per status change, written in the same transaction as the change. */
export const unitStatusEvents = pgTable(
  'unit_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    status: text('status').$type<UnitStatus>().notNull(),
    performedBy: uuid('performed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** The pre-trip report this entry names (out of service, certification); null when none or expired. */
    inspectionId: uuid('inspection_id').references((): AnyPgColumn => inspections.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('unit_status_events_inspection_idx').on(t.inspectionId),
    // The History's keyset order, newest first.
    index('unit_status_events_unit_newest_idx').on(t.unitId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('unit_status_events_performed_by_idx').on(t.performedBy),
  ],
)

export const INSPECTION_KINDS = ['inspection', 'reserve', 'pre-inspection'] as const
export type InspectionKind = (typeof INSPECTION_KINDS)[number]

/**
 * Assign-to-driver inspections, reserve inspections and driver pre-trips share one table.
 * A row is a draft until `finishedAt` is set; one unfinished draft per (kind, unit, author) is resumed.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<InspectionKind>().notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: their finished reports stay (author_name keeps the name). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was when the report was finished. */
    authorName: text('author_name').notNull().default(''),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    signature: bytea('signature'),
    signatureContentType: text('signature_content_type'),
    currentStep: integer('current_step').notNull().default(0),
    /** A pre-trip's odometer reading, in the company's distance unit; null: not given. */
    odometer: integer('odometer'),
    /** A pre-trip: when the driver signed it (the device's clock, never later than the server's). */
    signedAt: timestamp('signed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inspections_unit_idx').on(t.unitId, t.kind, t.createdAt),
    uniqueIndex('inspections_one_open_draft_key')
      .on(t.kind, t.unitId, t.authorId)
      .where(sql`${t.finishedAt} is null`),
    // A unit's finished inspections of one kind, newest first (the lists' keyset order).
    index('inspections_unit_finished_idx')
      .on(t.unitId, t.kind, t.finishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.finishedAt} is not null`),
    index('inspections_company_idx').on(t.companyId),
    index('inspections_author_idx').on(t.authorId),
    index('inspections_to_user_idx').on(t.toUserId),
  ],
)

/** Photos and videos of inspections. `item` names the pre-trip checklist item a capture belongs to. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    item: text('item'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A video's poster frame (a JPEG taken on the device at capture); null for photos and old videos. */
    posterKey: text('poster_key'),
    /** When the device took it, by the device's clock; null when the device did not say. */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** Where, when the person allowed the device to tell (WGS 84 degrees, accuracy in metres). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAccuracy: doublePrecision('location_accuracy'),
    createdAt: createdAt(),
  },
  (t) => [
    // One capture per stored file: a resumable upload attached twice stays one capture.
    uniqueIndex('media_file_key_key').on(t.fileKey),
    index('media_inspection_idx').on(t.inspectionId),
    index('media_company_idx').on(t.companyId),
    index('media_uploaded_by_idx').on(t.uploadedBy),
    index('media_file_key_idx').on(t.fileKey),
  ],
)

export const ITEM_RESULTS = ['ok', 'defect'] as const
export type ItemResult = (typeof ITEM_RESULTS)[number]
export const DEFECT_SEVERITIES = ['minor', 'out-of-service'] as const
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number]

/**
 * One checklist item's result on a pre-trip (§396.11). On a finished report a row with result 'defect'
 * is a defect, and its id the defect's id; it stays open until it has a certification.
 */
export const inspectionItems = pgTable(
  'inspection_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    result: text('result').$type<ItemResult>().notNull(),
    severity: text('severity').$type<DefectSeverity>(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_items_inspection_item_key').on(t.inspectionId, t.item),
    // The owner's defects list: a company's defects, by unit.
    index('inspection_items_company_defects_idx').on(t.companyId, t.unitId).where(sql`${t.result} = 'defect'`),
    index('inspection_items_unit_idx').on(t.unitId),
  ],
)

export const CERTIFICATION_ACTIONS = ['repaired', 'no-repair-needed'] as const
export type CertificationAction = (typeof CERTIFICATION_ACTIONS)[number]

/** The owner's certification of one defect (§396.11(a)(3)): repaired, or no repair needed. Never changed. */
export const defectCertifications = pgTable(
  'defect_certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    defectId: uuid('defect_id')
      .notNull()
      .references(() => inspectionItems.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    action: text('action').$type<CertificationAction>().notNull(),
    note: text('note').notNull(),
    signature: bytea('signature').notNull(),
    signatureContentType: text('signature_content_type').notNull(),
    certifiedBy: uuid('certified_by').references(() => users.id, { onDelete: 'set null' }),
    certifiedByName: text('certified_by_name').notNull(),
    certifiedAt: timestamp('certified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('defect_certifications_defect_key').on(t.defectId),
    index('defect_certifications_company_idx').on(t.companyId),
    index('defect_certifications_certified_by_idx').on(t.certifiedBy),
  ],
)

/** §396.13: the next driver's pre-trip names the report it reviewed, signed before its step 1. */
export const reportReviews = pgTable(
  'report_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewInspectionId: uuid('review_inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    /** The report reviewed; null once it has expired. */
    reviewedId: uuid('reviewed_id').references(() => inspections.id, { onDelete: 'set null' }),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    signature: bytea('signature').notNull(),
    signatureContentType: text('signature_content_type').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_reviews_review_inspection_key').on(t.reviewInspectionId),
    index('report_reviews_reviewed_idx').on(t.reviewedId),
    index('report_reviews_reviewer_idx').on(t.reviewerId),
  ],
)

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    allUnits: boolean('all_units').notNull().default(false),
    showForDrivers: boolean('show_for_drivers').notNull().default(true),
    /** Reminders go out 30, 7 and 0 days before; null: it does not expire. */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The documents lists' keyset order, newest first; it also serves the company foreign key.
    index('documents_company_newest_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('documents_author_idx').on(t.authorId),
    index('documents_file_key_idx').on(t.fileKey),
    index('documents_file_name_trgm_idx').using('gin', sql`${t.fileName} gin_trgm_ops`),
  ],
)

export const documentUnits = pgTable(
  'document_units',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.unitId] }), index('document_units_unit_idx').on(t.unitId)],
)

/**
 * The first response to each (Idempotency-Key, user) — replayed verbatim for a retry, so a lost
 * response never makes a second draft or photo. `requestHash` catches a reused key with another body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being handled (the key is claimed, no response yet). */
    status: integer('status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.userId] }),
    index('idempotency_keys_user_idx').on(t.userId),
    // The sweep of old replies (server/maintenance/sweep-expired.ts).
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/**
 * Attempt counters for sign-in, password-reset mail and invitation mail, shared by every instance: one
 * row per key (e.g. `login:account:<email>`) counting attempts in a fixed window that starts at the
 * first one. Rows whose window has ended are dead and swept; deleting a row lifts its limit at once.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
)

/**
 * A reminder raised once: one row per (subject, threshold), e.g. `document-expiry:<id>:<expiresOn>:7`.
 * The unique key is what makes "never the same reminder twice" hold through retries and instances: a
 * second insert of a key finds it taken and raises nothing (server/reminders/company-day.ts).
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The company-local day whose run raised it. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminders_key_key').on(t.key), index('reminders_company_idx').on(t.companyId, t.createdAt)],
)

/** One row per company-local day whose reminders have been worked out: the day's run happened, and what it found. */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Reminders raised per kind, e.g. { "oil-change": 2 } (every kind that ran is listed, 0 included). */
    found: jsonb('found').$type<Record<string, number>>().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
)

/**
 * What one person is told: a reminder (key = the reminder's) or a test (key `test:<id>`), shown in the
 * app's list and gathered into the day's mail and push digests, which stamp `mailedAt` / `pushedAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path it opens, e.g. /unit/<id>. */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_key_key').on(t.userId, t.key),
    // The list, newest first, and the unread count.
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_company_idx').on(t.companyId),
  ],
)

/** Which channels a person receives notifications through; no row: all of them. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mail: boolean('mail').notNull().default(true),
  push: boolean('push').notNull().default(true),
  inApp: boolean('in_app').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One row per message that must go out at most once (a day's mail digest to one person, a push to one
 * device): claimed before sending, marked sent after. A retried job finds it sent and sends nothing.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    key: text('key').primaryKey(),
    status: text('status').$type<'sending' | 'sent'>().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notification_deliveries_claimed_idx').on(t.claimedAt)],
)

/** A browser that said yes to push (Web Push, RFC 8030): one row per device, removed when its push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
)
