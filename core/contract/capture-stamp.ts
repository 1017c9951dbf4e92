// When and where a capture was taken (issue 16): the device's clock at capture, and — only when the
// person allowed it — the device's position. Sent with the upload as text fields (multipart) or JSON
// members (an attach of a resumable upload), all optional: a device that says nothing changes nothing.
import * as v from 'valibot'

/** Text or number: multipart fields are text, JSON members numbers. */
const numberish = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.transform(Number))]),
    v.number(message),
    v.finite(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )

/** Milliseconds since 1970 by the device's clock; the year 2000 to 2100 keeps nonsense out. */
const CapturedAt = numberish('Invalid capture time.', Date.UTC(2000, 0, 1), Date.UTC(2100, 0, 1))

export const CaptureStampFields = {
  captured_at: v.optional(CapturedAt),
  latitude: v.optional(numberish('Invalid latitude.', -90, 90)),
  longitude: v.optional(numberish('Invalid longitude.', -180, 180)),
  /** Metres (the Geolocation API's accuracy). */
  accuracy: v.optional(numberish('Invalid location accuracy.', 0, 1_000_000)),
}

/** A device's position: WGS 84 degrees, accuracy in metres (null: not known). */
export interface CaptureLocation {
  latitude: number
  longitude: number
  accuracy: number | null
}

export interface CaptureStamp {
  capturedAt: Date | null
  location: CaptureLocation | null
}

/** The stamp of validated fields; a half-given position (latitude without longitude) is no position. */
export function captureStampOf(fields: { captured_at?: number; latitude?: number; longitude?: number; accuracy?: number }): CaptureStamp {
  const location =
    fields.latitude !== undefined && fields.longitude !== undefined
      ? { latitude: fields.latitude, longitude: fields.longitude, accuracy: fields.accuracy ?? null }
      : null
  return { capturedAt: fields.captured_at !== undefined ? new Date(fields.captured_at) : null, location }
}

/** '41.88000, -87.63000 (±12 m)': five decimals (about a metre), the accuracy when known. */
export function locationText(location: CaptureLocation): string {
  const { latitude, longitude, accuracy } = location
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}${accuracy !== null ? ` (±${Math.round(accuracy)} m)` : ''}`
}
