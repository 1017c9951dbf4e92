import dayjs from 'dayjs'
import 'dayjs/locale/es'
import 'dayjs/locale/fr-ca'
import { afterEach, describe, expect, test } from 'vitest'
import { activate } from '../../../src/i18n/translate.ts'
import { formatInspectionDate, formatOilDate, formatTimelineDate } from '../../../src/lib/dates.ts'

// Built from local parts, so the expectations hold in any time zone the tests run in.
const moment = new Date(2025, 2, 7, 9, 5).toISOString()

describe('date formats of spec §9', () => {
  test('inspections show MM-DD-YYYY HH:mm in local time', () => {
    expect(formatInspectionDate(moment)).toBe('03-07-2025 09:05')
  })

  test('the History timeline shows HH:mm MMM DD YYYY', () => {
    expect(formatTimelineDate(moment)).toBe('09:05 Mar 07 2025')
  })

  test('oil dates show MMMM D, YYYY for the calendar day written, whatever the time zone', () => {
    expect(formatOilDate('2025-01-01')).toBe('January 1, 2025')
    expect(formatOilDate('2024-02-29')).toBe('February 29, 2024')
    expect(formatOilDate('2025-12-31T00:00:00.000Z')).toBe('December 31, 2025')
  })
})

describe('in Spanish and French', () => {
  afterEach(() => {
    activate('en', null)
    dayjs.locale('en')
  })

  test('the day comes before the month, with the language’s month names; English stays the spec’s', () => {
    activate('es', null)
    dayjs.locale('es')
    expect(formatInspectionDate(moment)).toBe('07/03/2025 09:05')
    expect(formatTimelineDate(moment)).toBe('09:05 07 mar 2025')
    expect(formatOilDate('2025-01-01')).toBe('1 de enero de 2025')
    activate('fr', null)
    dayjs.locale('fr-ca')
    expect(formatInspectionDate(moment)).toBe('2025-03-07 09:05')
    expect(formatOilDate('2025-12-31')).toBe('31 décembre 2025')
    activate('en', null)
    dayjs.locale('en')
    expect(formatInspectionDate(moment)).toBe('03-07-2025 09:05')
  })
})
