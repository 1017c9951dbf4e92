import { describe, expect, test, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query'
import type { MediaDetails } from '../../../core/contract/inspections.ts'
import { MediaDetailsGallery } from '../../../src/ui/media-details-gallery.tsx'
import { GALLERY_CLOSE_MS, MediaGallery, showsThumbnails, wrapIndex, type GallerySlide } from '../../../src/ui/media-gallery.tsx'

const photo = (n: number): GallerySlide => ({ key: `p${n}`, status: 'ready', kind: 'image', src: `/api/files/media/p${n}.jpg`, name: `photo-${n}.jpg` })

function shownImage() {
  return screen.getAllByRole('img').find((image) => image.getAttribute('alt')?.startsWith('photo-'))
}

describe('media gallery', () => {
  test('wraps past either end of the slides', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(4, 3)).toBe(1)
    expect(wrapIndex(0, 0)).toBe(0)
  })

  test('thumbnails need at least two slides', () => {
    expect(showsThumbnails(0)).toBe(false)
    expect(showsThumbnails(1)).toBe(false)
    expect(showsThumbnails(2)).toBe(true)
  })

  test('one slide shows no thumbnails and no next or previous', () => {
    render(<MediaGallery slides={[photo(1)]} onClose={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Thumbnails' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
  })

  test('next from the last slide shows the first, previous from the first shows the last', () => {
    render(<MediaGallery slides={[photo(1), photo(2), photo(3)]} onClose={() => {}} />)
    expect(within(screen.getByRole('list', { name: 'Thumbnails' })).getAllByRole('button')).toHaveLength(3)
    expect(shownImage()?.getAttribute('alt')).toBe('photo-1.jpg')
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(shownImage()?.getAttribute('alt')).toBe('photo-3.jpg')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(shownImage()?.getAttribute('alt')).toBe('photo-1.jpg')
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 of 3' }))
    expect(shownImage()?.getAttribute('alt')).toBe('photo-2.jpg')
  })

  test('the arrow keys move between slides too', () => {
    render(<MediaGallery slides={[photo(1), photo(2)]} onClose={() => {}} />)
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'ArrowRight' })
    expect(shownImage()?.getAttribute('alt')).toBe('photo-2.jpg')
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'ArrowRight' })
    expect(shownImage()?.getAttribute('alt')).toBe('photo-1.jpg')
  })

  test('a slide still loading says Loading..., and a failed one says Something Went Wrong', () => {
    render(<MediaGallery slides={[{ key: 'a', status: 'loading' }, { key: 'b', status: 'error' }]} onClose={() => {}} />)
    expect(screen.getByRole('status').textContent).toContain('Loading...')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('alert').textContent).toBe('Something Went Wrong, Please Try Again Later')
  })

  test('an image whose file cannot be loaded says Image Not Found', () => {
    render(<MediaGallery slides={[photo(1)]} onClose={() => {}} />)
    fireEvent.error(shownImage()!)
    expect(screen.getByRole('alert').textContent).toBe('Image Not Found')
  })

  test('Close fades the gallery out for 500 ms (spec §9), then closes it once', () => {
    vi.useFakeTimers()
    try {
      const onClose = vi.fn<() => void>()
      render(<MediaGallery slides={[photo(1)]} onClose={onClose} />)
      fireEvent.click(screen.getByRole('button', { name: 'Close' }))
      fireEvent.click(screen.getByRole('button', { name: 'Close' }))
      expect(document.querySelector('dialog')?.hasAttribute('data-closing')).toBe(true)
      vi.advanceTimersByTime(GALLERY_CLOSE_MS - 1)
      expect(onClose).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(onClose).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  test('a video slide shows its poster frame, and a slide its capture time and place', () => {
    const video: GallerySlide = {
      key: 'v1',
      status: 'ready',
      kind: 'video',
      src: '/api/files/media/v1.mp4',
      name: 'walkaround.mp4',
      poster: '/api/files/posters/v1.jpg',
      capturedAt: '2026-11-20T14:30:00.000Z',
      location: { latitude: 41.88, longitude: -87.63, accuracy: 12 },
    }
    render(<MediaGallery slides={[video, photo(2)]} onClose={() => {}} />)
    expect(document.querySelector('video')?.getAttribute('poster')).toBe('/api/files/posters/v1.jpg')
    expect(screen.getByRole('list', { name: 'Thumbnails' }).querySelector('img')?.getAttribute('src')).toBe('/api/files/posters/v1.jpg')
    expect(screen.getByText(/^Taken \d\d-\d\d-2026 \d\d:\d\d · 41\.88000, -87\.63000 \(±12 m\)$/)).toBeTruthy()
  })
})

describe('gallery over media fetched one by one', () => {
  // Each media id's details answer on their own: one at once, one with an error, one never.
  const details: Record<string, () => Promise<MediaDetails>> = {
    ready: async () => ({ signedUrl: '/api/files/media/ready.jpg', fileName: 'photo-ready.jpg', type: 'image' }),
    broken: async () => Promise.reject(new Error('Media not found.')),
    slow: () => new Promise<MediaDetails>(() => {}),
  }
  const queryOf = (mediaId: string) => queryOptions({ queryKey: ['media', mediaId] as const, queryFn: details[mediaId]!, retry: false })

  test('shows each slide as its details arrive: the loaded one, the failed one, and one still loading', async () => {
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <MediaDetailsGallery mediaIds={['ready', 'broken', 'slow']} queryOf={queryOf} onClose={() => {}} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(shownImage()?.getAttribute('src')).toBe('/api/files/media/ready.jpg'))
    expect(shownImage()?.getAttribute('alt')).toBe('photo-ready.jpg')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Something Went Wrong, Please Try Again Later')
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('status').textContent).toContain('Loading...')
    client.clear()
  })
})
