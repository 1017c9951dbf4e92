// Unit documents with an expiry date: reminded 30, 7 and 0 days before. Owners are told; a driver too
// when the document is visible to drivers and is for a unit assigned to them (or for all units and they
// have one) — the same rule as which documents a driver may read (server/documents/visibility.ts).
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { documents, documentUnits, units } from '../../db/schema.ts'
import { longDate } from '../local-day.ts'
import { say } from '../../i18n/server-messages.ts'
import type { DueReminder, ReminderContext, ReminderRule, Said } from '../reminder-rule.ts'
import { daysFrom, EXPIRY_THRESHOLDS, expiryPhrase, reachedThreshold } from '../thresholds.ts'

const LINK = '/app-documents'

async function due({ db, company, day, owners }: ReminderContext): Promise<DueReminder[]> {
  const expiring = await db
    .select({ id: documents.id, fileName: documents.fileName, expiresOn: documents.expiresOn, allUnits: documents.allUnits, showForDrivers: documents.showForDrivers })
    .from(documents)
    .where(and(eq(documents.companyId, company.id), isNotNull(documents.expiresOn)))
  const reached = expiring
    .map((document) => {
      const days = daysFrom(day, document.expiresOn!)
      return { ...document, expiresOn: document.expiresOn!, days, threshold: reachedThreshold(days, EXPIRY_THRESHOLDS) }
    })
    .filter((document) => document.threshold !== null)
  if (reached.length === 0) return []

  // The drivers each reminded document concerns.
  const forDrivers = reached.filter((document) => document.showForDrivers)
  const attached = forDrivers.some((document) => !document.allUnits)
    ? await db
        .select({ documentId: documentUnits.documentId, driverId: units.driverId })
        .from(documentUnits)
        .innerJoin(units, eq(units.id, documentUnits.unitId))
        .where(and(inArray(documentUnits.documentId, forDrivers.map((document) => document.id)), isNotNull(units.driverId)))
    : []
  const withUnits = forDrivers.some((document) => document.allUnits)
    ? await db.selectDistinct({ driverId: units.driverId }).from(units).where(and(eq(units.companyId, company.id), isNotNull(units.driverId)))
    : []

  return reached.map((document) => {
    const drivers = !document.showForDrivers
      ? []
      : document.allUnits
        ? withUnits.map((row) => row.driverId!)
        : attached.filter((row) => row.documentId === document.id).map((row) => row.driverId!)
    const people = [...new Set([...owners.map((owner) => owner.id), ...drivers])]
    const title: Said = (language) => say(language, 'Document {expires}: {fileName}', { expires: expiryPhrase(document.days, language), fileName: document.fileName })
    const body: Said = (language) =>
      say(language, document.days < 0 ? '{fileName} expired on {date}.' : '{fileName} expires on {date}.', {
        fileName: document.fileName,
        date: longDate(document.expiresOn, language),
      })
    return {
      key: `document-expiry:${document.id}:${document.expiresOn}:${document.threshold}`,
      messages: people.map((userId) => ({ userId, title, body, link: LINK })),
    }
  })
}

export const documentExpiryReminders: ReminderRule = { kind: 'document-expiry', due }
