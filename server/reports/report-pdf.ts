// Finished pre-trip reports as PDF (pdf-lib): company, unit, driver, date and time, every item with its
// result, defect notes, photo thumbnails made small from the stored images (a video's poster frame as
// its thumbnail; pdf-thumbnail.ts), each captioned with when and where it was taken as the device said, the
// driver's signature, each certification with its signature, and the next driver's review. One report, or a
// unit's reports over a date range, each starting on a new page. Built whole in memory, so the number
// of reports and thumbnails per document is bounded (the callers refuse more).
import { asc, eq, inArray } from 'drizzle-orm'
import type { Context } from 'hono'
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib'
import { locationText } from '../../core/contract/capture-stamp.ts'
import { CERTIFICATION_LABELS, reportNumber, RESULT_LABELS, SEVERITY_LABELS, type DvirParts } from '../../core/contract/dvir.ts'
import type { Db } from '../db/client.ts'
import { companies, media, reportReviews, units } from '../db/schema.ts'
import { dvirPartsOf } from '../inspections/dvir.ts'
import type { DraftRow } from '../inspections/scope.ts'
import type { FileStore } from '../storage/storage.ts'
import { pdfThumbnail } from './pdf-thumbnail.ts'

/** Photos drawn per report; the rest are counted. */
export const MAX_THUMBNAILS_PER_REPORT = 24
/**
 * Photos drawn in one document: each is embedded thumbnail-size (pdf-thumbnail.ts, some tens of KB), but
 * every stored photo is still read and decoded and the whole document is built in memory, so a range of
 * many reports draws the first ones and counts the rest.
 */
export const MAX_THUMBNAILS_PER_DOCUMENT = 120
const PAGE: [number, number] = [612, 792]
const MARGIN = 48
const THUMB = 96
const SIGNATURE_BOX = { width: 180, height: 60 }
const IMAGE_GAP = 8
const CAPTION_SIZE = 6.5
const CAPTION_LINE = CAPTION_SIZE + 1.5
const GREY = rgb(0.35, 0.38, 0.42)
const RED = rgb(0.7, 0.1, 0.1)

interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

/** Flowing text and images down pages, a new page when one is full. */
class Writer {
  page: PDFPage
  y = 0
  private readonly encodable = new Map<string, boolean>()

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.newPage()
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE)
    this.y = PAGE[1] - MARGIN
    return this.page
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage()
  }

  /** The text with what the standard font cannot encode (WinAnsi) replaced, and no control characters. */
  clean(text: string): string {
    let out = ''
    for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
      let ok = this.encodable.get(char)
      if (ok === undefined) {
        try {
          this.fonts.regular.widthOfTextAtSize(char, 10)
          ok = char >= ' '
        } catch {
          ok = false
        }
        this.encodable.set(char, ok)
      }
      out += ok ? char : '?'
    }
    return out
  }

  text(raw: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 10
    const font = options.bold ? this.fonts.bold : this.fonts.regular
    const x = MARGIN + (options.indent ?? 0)
    const width = PAGE[0] - MARGIN - x
    for (const line of wrap(this.clean(raw), font, size, width)) {
      this.ensure(size + 4)
      this.y -= size + 3
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? rgb(0.06, 0.09, 0.16) })
    }
    this.y -= options.gap ?? 2
  }

  rule(): void {
    this.ensure(10)
    this.y -= 6
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE[0] - MARGIN, y: this.y }, thickness: 0.5, color: GREY })
    this.y -= 6
  }

  /** Images in rows, each fitted into a box. */
  images(images: readonly PDFImage[], box: { width: number; height: number }, indent = 0): void {
    this.thumbnails(
      images.map((image) => ({ image, caption: [] })),
      box,
      indent,
    )
  }

  /** Images in rows, each fitted into a box with its caption in small lines under it (wrapped to the box). */
  thumbnails(entries: readonly { image: PDFImage; caption: readonly string[] }[], box: { width: number; height: number }, indent = 0): void {
    const left = MARGIN + indent
    const perRow = Math.max(1, Math.floor((PAGE[0] - MARGIN - left + IMAGE_GAP) / (box.width + IMAGE_GAP)))
    for (let start = 0; start < entries.length; start += perRow) {
      const row = entries.slice(start, start + perRow)
      const captions = row.map((entry) => entry.caption.flatMap((line) => wrap(this.clean(line), this.fonts.regular, CAPTION_SIZE, box.width)))
      const captionHeight = Math.max(0, ...captions.map((lines) => lines.length)) * CAPTION_LINE
      this.ensure(box.height + 6 + captionHeight)
      this.y -= box.height + 6
      for (const [index, entry] of row.entries()) {
        const x = left + index * (box.width + IMAGE_GAP)
        const fitted = entry.image.scaleToFit(box.width, box.height)
        this.page.drawImage(entry.image, { x, y: this.y, width: fitted.width, height: fitted.height })
        for (const [line, text] of captions[index]!.entries()) {
          this.page.drawText(text, { x, y: this.y - (line + 1) * CAPTION_LINE, size: CAPTION_SIZE, font: this.fonts.regular, color: GREY })
        }
      }
      this.y -= captionHeight + 4
    }
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    // A word longer than the line is cut where it must be.
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}

/** 'MM-DD-YYYY HH:mm' in the company's zone, the spec's inspection date format, with the zone named. */
export function reportTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} (${timeZone})`
}

/** 'MM-DD-YYYY HH:mm CST': a capture's time in the company's zone, short enough for a thumbnail's caption. */
export function captureTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`
}

type CaptureRow = typeof media.$inferSelect

/** A capture's stamp as caption lines: when it was taken (the device's clock) and, when known, where. */
export function stampLines(capture: Pick<CaptureRow, 'capturedAt' | 'latitude' | 'longitude' | 'locationAccuracy'>, timeZone: string): string[] {
  const lines: string[] = []
  if (capture.capturedAt) lines.push(`Taken ${captureTime(capture.capturedAt, timeZone)}`)
  if (capture.latitude !== null && capture.longitude !== null) {
    lines.push(locationText({ latitude: capture.latitude, longitude: capture.longitude, accuracy: capture.locationAccuracy }))
  }
  return lines
}

async function embedImage(doc: PDFDocument, bytes: Uint8Array, contentType: string): Promise<PDFImage | null> {
  try {
    if (contentType === 'image/jpeg') return await doc.embedJpg(bytes)
    if (contentType === 'image/png') return await doc.embedPng(bytes)
  } catch {
    // A stored image pdf-lib cannot read is listed by name instead of failing the whole document.
  }
  return null
}

/** A photo or poster frame made thumbnail-size; what sharp cannot read is tried as stored. */
async function embedThumbnail(doc: PDFDocument, bytes: Uint8Array, contentType: string): Promise<PDFImage | null> {
  const small = await pdfThumbnail(bytes)
  return small ? await embedImage(doc, small, 'image/jpeg') : await embedImage(doc, bytes, contentType)
}

/** A PDF of finished pre-trip reports (all of one company), in the order given. */
export async function reportsPdf(db: Db, files: FileStore, reports: readonly DraftRow[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  const first = reports[0]
  const [company] = first ? await db.select().from(companies).where(eq(companies.id, first.companyId)) : []
  const timeZone = company?.timeZone ?? 'UTC'
  doc.setTitle(reports.length === 1 && first ? `Driver Vehicle Inspection Report ${reportNumber(first.id)}` : 'Driver Vehicle Inspection Reports')
  doc.setCreator('Fleetyard')
  doc.setProducer('Fleetyard')

  const ids = reports.map((report) => report.id)
  const unitIds = [...new Set(reports.map((report) => report.unitId))]
  const [unitRows, mediaRows, dvir, reviewsOf] = await Promise.all([
    unitIds.length === 0 ? [] : db.select().from(units).where(inArray(units.id, unitIds)),
    ids.length === 0 ? [] : db.select().from(media).where(inArray(media.inspectionId, ids)).orderBy(asc(media.createdAt), asc(media.id)),
    dvirPartsOf(db, reports),
    ids.length === 0 ? [] : db.select().from(reportReviews).where(inArray(reportReviews.reviewedId, ids)).orderBy(asc(reportReviews.signedAt)),
  ])
  const unitOf = new Map(unitRows.map((unit) => [unit.id, unit]))

  const writer = new Writer(doc, fonts)
  let documentThumbnails = 0
  for (const [index, report] of reports.entries()) {
    if (index > 0) writer.newPage()
    const unit = unitOf.get(report.unitId)
    const parts: DvirParts = dvir.get(report.id) ?? { results: [], review: null, signedAt: null, authorName: report.authorName }
    const photos = mediaRows.filter((row) => row.inspectionId === report.id)

    writer.text('Driver Vehicle Inspection Report', { size: 16, bold: true })
    writer.text(`${reportNumber(report.id)} - ${company?.name ?? ''}`, { size: 11, color: GREY, gap: 6 })
    const unitLine = unit
      ? `Unit ${unit.unitNumber} - VIN ${unit.vin} - ${unit.make} ${unit.model} ${unit.year}${report.odometer !== null ? ` - Odometer ${report.odometer.toLocaleString('en-US')} ${company?.distanceUnit ?? 'mi'}` : ''}`
      : 'Unit: not found'
    writer.text(unitLine, { bold: true })
    writer.text(`Driver: ${parts.authorName || 'Unknown'}`)
    writer.text(`Date and time: ${reportTime(report.signedAt ?? report.finishedAt ?? report.updatedAt, timeZone)}`)
    if (report.finishedAt && report.signedAt && Math.abs(report.finishedAt.getTime() - report.signedAt.getTime()) > 60_000) {
      writer.text(`Received by the server: ${reportTime(report.finishedAt, timeZone)}`, { color: GREY })
    }

    const defects = parts.results.filter((result) => result.result === 'defect')
    const outOfService = defects.some((defect) => defect.severity === 'out-of-service')
    writer.rule()
    writer.text(
      defects.length === 0 ? 'Summary: No defects' : `Summary: ${defects.length} ${defects.length === 1 ? 'defect' : 'defects'} - ${outOfService ? 'NOT safe to operate (out of service)' : 'Safe to operate'}`,
      { bold: true, size: 12, color: outOfService ? RED : undefined },
    )
    writer.rule()

    let thumbnails = 0
    let skipped = 0
    const itemNames = [...new Set([...parts.results.map((result) => result.item), ...photos.map((photo) => photo.item ?? '')].filter((name) => name))]
    for (const name of itemNames) {
      const result = parts.results.find((candidate) => candidate.item === name)
      const label = !result ? 'Not recorded' : result.result === 'ok' ? RESULT_LABELS.ok : `${RESULT_LABELS.defect} - ${result.severity ? SEVERITY_LABELS[result.severity] : ''}`
      writer.text(`${name}: ${label}`, { bold: true, color: result?.result === 'defect' ? RED : undefined })
      if (result?.result === 'defect') writer.text(`Note: ${result.note}`, { indent: 12 })
      const captures = photos.filter((photo) => photo.item === name)
      const shown: { image: PDFImage; caption: string[] }[] = []
      const unreadable: string[] = []
      // Videos drawn by their poster frame; the others are counted.
      let videos = 0
      for (const capture of captures) {
        const roomLeft = thumbnails < MAX_THUMBNAILS_PER_REPORT && documentThumbnails < MAX_THUMBNAILS_PER_DOCUMENT
        const key = capture.kind === 'photo' ? capture.fileKey : capture.posterKey
        if (!key || !roomLeft) {
          if (capture.kind === 'photo') skipped++
          else videos++
          continue
        }
        const stored = await files.get(key).catch(() => null)
        const image = stored ? await embedThumbnail(doc, stored.bytes, capture.kind === 'photo' ? capture.contentType : stored.contentType) : null
        if (image) {
          shown.push({ image, caption: [...(capture.kind === 'video' ? ['Video (in the app)'] : []), ...stampLines(capture, timeZone)] })
          thumbnails++
          documentThumbnails++
        } else if (capture.kind === 'photo') unreadable.push(capture.fileName)
        else videos++
      }
      writer.thumbnails(shown, { width: THUMB, height: THUMB }, 12)
      if (videos > 0) writer.text(`${videos} ${videos === 1 ? 'video' : 'videos'} (in the app)`, { indent: 12, color: GREY })
      if (unreadable.length > 0) writer.text(`Photos not shown here: ${unreadable.join(', ')}`, { indent: 12, color: GREY })
      if (result?.certification) {
        const certification = result.certification
        writer.text(
          `Certified ${CERTIFICATION_LABELS[certification.action]} by ${certification.certifiedBy} on ${reportTime(new Date(certification.certifiedAt), timeZone)}: ${certification.note}`,
          { indent: 12 },
        )
        const image = await embedImage(doc, Buffer.from(certification.signature.split(',')[1] ?? '', 'base64'), 'image/png')
        if (image) writer.images([image], SIGNATURE_BOX, 12)
      } else if (result?.result === 'defect') {
        writer.text('Not certified yet', { indent: 12, color: GREY })
      }
      writer.y -= 4
    }
    if (skipped > 0) writer.text(`${skipped} more ${skipped === 1 ? 'photo' : 'photos'} in the app.`, { color: GREY })
    if (report.description) {
      writer.rule()
      writer.text('Remarks', { bold: true })
      writer.text(report.description)
    }

    writer.rule()
    writer.text("Driver's signature", { bold: true })
    const signature = report.signature ? await embedImage(doc, report.signature, 'image/png') : null
    if (signature) writer.images([signature], SIGNATURE_BOX)
    else writer.text('Not signed', { color: GREY })
    if (parts.review) {
      writer.text(`Before this inspection the driver reviewed ${parts.review.reviewed_id ? reportNumber(parts.review.reviewed_id) : 'the previous report'} (signed ${reportTime(new Date(parts.review.signedAt), timeZone)}).`, { color: GREY })
    }

    const reviews = reviewsOf.filter((review) => review.reviewedId === report.id)
    writer.rule()
    writer.text("Next driver's review", { bold: true })
    if (reviews.length === 0) writer.text('Not reviewed yet', { color: GREY })
    for (const review of reviews) {
      writer.text(`Reviewed by ${review.reviewerName} on ${reportTime(review.signedAt, timeZone)}`)
      const image = await embedImage(doc, review.signature, 'image/png')
      if (image) writer.images([image], SIGNATURE_BOX)
    }
  }
  if (reports.length === 0) writer.text('No reports in this period.')
  return doc.save()
}

/** The PDF as a download; `inline` lets a browser show and print it. */
export function pdfResponse(c: Context, pdf: Uint8Array, fileName: string): Response {
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'private, no-store',
  })
}


