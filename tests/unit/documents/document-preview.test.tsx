import { describe, expect, test, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { DocumentPreview, PRINT_DELAY_MS, pdfViewUrl, printDocument } from '../../../src/ui/document-preview.tsx'

/** A stand-in for the print window: a real document of its own, and print/close to observe. */
function fakePrintWindow() {
  const page = document.implementation.createHTMLDocument('')
  const printWindow = { document: page, setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), focus: vi.fn<() => void>(), print: vi.fn<() => void>(), close: vi.fn<() => void>() }
  return printWindow
}

describe('document preview', () => {
  test('an image shows with Print, Close and Download', () => {
    render(<DocumentPreview document={{ fileName: 'Permit', url: '/f/permit.png', downloadUrl: '/f/permit.png?download=1', kind: 'image' }} onClose={() => {}} />)
    expect(screen.getByRole('img', { name: 'Permit' }).getAttribute('src')).toBe('/f/permit.png')
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/f/permit.png?download=1')
  })

  test('Print is not offered on a phone', () => {
    const userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile')
    render(<DocumentPreview document={{ fileName: 'Permit', url: '/f/p.pdf', downloadUrl: '/f/p.pdf?download=1', kind: 'pdf' }} onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull()
    userAgent.mockRestore()
  })

  test('a PDF opens without its toolbar, fit to the width', () => {
    expect(pdfViewUrl('/f/p.pdf?sig=1')).toBe('/f/p.pdf?sig=1#toolbar=0&navpanes=0&view=FitH')
  })

  test('printing opens a blank window, prints shortly after the file loads, then closes it', async () => {
    vi.useFakeTimers()
    const printWindow = fakePrintWindow()
    const open = vi.fn<typeof window.open>(() => printWindow as unknown as Window)
    expect(printDocument({ fileName: 'Permit', url: '/f/permit.png', kind: 'image' }, open)).toBe(true)
    expect(open).toHaveBeenCalledWith('', '_blank')
    const image = printWindow.document.querySelector('img')!
    expect(image.getAttribute('src')).toBe('/f/permit.png')
    image.dispatchEvent(new Event('load'))
    expect(printWindow.print).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS)
    expect(printWindow.print).toHaveBeenCalledOnce()
    expect(printWindow.close).toHaveBeenCalledOnce()
    vi.useRealTimers()
  })

  test('a file of another type is not printed, and a blocked window is reported', () => {
    expect(printDocument({ fileName: 'a', url: '/f/a.docx', kind: 'other' }, vi.fn<() => Window | null>())).toBe(false)
    expect(printDocument({ fileName: 'a', url: '/f/a.pdf', kind: 'pdf' }, () => null)).toBe(false)
  })

  test('Close closes the preview', () => {
    const onClose = vi.fn<() => void>()
    render(<DocumentPreview document={null} onClose={onClose} />)
    expect(screen.getByText('Loading...')).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!)
    expect(onClose).toHaveBeenCalled()
  })
})
