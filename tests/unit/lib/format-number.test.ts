// Numbers on screen in the language shown (src/i18n/format-number.ts): English exactly as before,
// Spanish and French (Canada) through Intl; the sync page's sizes with the language's unit names.
import { afterEach, expect, test } from 'vitest'
import { formatSize } from '../../../src/features/sync/waiting-item-text.ts'
import { formatDecimal, formatWhole } from '../../../src/i18n/format-number.ts'
import { activate } from '../../../src/i18n/translate.ts'

afterEach(() => activate('en', null))

// Intl's French separates groups with a narrow no-break space; compared with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

test('English keeps its hand-written forms', () => {
  expect(formatWhole(5000)).toBe('5,000')
  expect(formatWhole(1234567)).toBe('1,234,567')
  expect(formatDecimal(1024, 1)).toBe('1024.0')
})

test('French (Canada) and Spanish write numbers their way', () => {
  activate('fr', (message, values) => (message === '{size} KB' ? `${values?.size} Ko` : undefined))
  expect(plain(formatWhole(5000))).toBe('5 000')
  expect(formatDecimal(0.4, 1)).toBe('0,4')
  expect(plain(formatSize(1536))).toBe('1,5 Ko')
  activate('es', null)
  expect(formatDecimal(312.5, 1)).toBe('312,5')
})
