import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { applyTheme, readStoredTheme, setTheme } from '../../../src/lib/theme.ts'

afterEach(() => {
  document.documentElement.classList.remove('dark')
})

/** The script index.html loads before first paint (a file: the CSP allows no inline script). */
function runIndexHtmlThemeScript(): void {
  const root = path.resolve(import.meta.dirname, '../../..')
  const html = readFileSync(path.join(root, 'index.html'), 'utf8')
  const src = /<script src="(\/[^"]+)"><\/script>/.exec(html)?.[1]
  if (src !== '/theme-init.js') throw new Error('index.html does not load /theme-init.js first')
  new Function(readFileSync(path.join(root, 'public', src), 'utf8'))()
}

describe('readStoredTheme', () => {
  test('is light when nothing is stored', () => {
    expect(readStoredTheme()).toBe('light')
  })

  test('is dark when color-theme holds dark', () => {
    localStorage.setItem('color-theme', 'dark')
    expect(readStoredTheme()).toBe('dark')
  })

  test('falls back to light for an unknown stored value', () => {
    localStorage.setItem('color-theme', 'purple')
    expect(readStoredTheme()).toBe('light')
  })

  test('falls back to light when storage cannot be read', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(readStoredTheme(blocked)).toBe('light')
  })
})

describe('applyTheme and setTheme', () => {
  test('applyTheme adds and removes the dark class on <html>', () => {
    applyTheme('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    applyTheme('light')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })

  test('setTheme stores the choice under color-theme and applies it', () => {
    setTheme('dark')
    expect(localStorage.getItem('color-theme')).toBe('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    setTheme('light')
    expect(localStorage.getItem('color-theme')).toBe('light')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })
})

describe('the first-paint theme script index.html loads', () => {
  test.each([null, 'dark', 'light', 'purple'])('agrees with readStoredTheme when color-theme is %s', (stored) => {
    if (stored !== null) localStorage.setItem('color-theme', stored)
    runIndexHtmlThemeScript()
    expect(document.documentElement.classList.contains('dark')).toBe(readStoredTheme() === 'dark')
  })
})
