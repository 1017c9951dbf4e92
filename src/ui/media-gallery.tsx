// The 'Preview' gallery of inspection photos and videos (spec §2, §8, §9): one slide at a time, next and
// previous wrap around (also with the arrow keys), thumbnails only when there are at least two slides,
// 'Loading...' while a slide's address is fetched, and the lightbox messages when a slide fails.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { locationText, type CaptureLocation } from '../../core/contract/capture-stamp.ts'
import { formatInspectionDate } from '../lib/dates.ts'
import { Modal } from './modal.tsx'
import { t } from '../i18n/translate.ts'

/** When and where a capture was taken, as the device said (issue 16). */
export interface SlideStamp {
  capturedAt?: string | null
  location?: CaptureLocation | null
}

export type GallerySlide =
  | { key: string; status: 'loading' }
  | { key: string; status: 'error' }
  | ({ key: string; status: 'ready'; kind: 'image' | 'video'; src: string; name: string; poster?: string | null } & SlideStamp)

/** Spec §9: the gallery closes with a 500 ms animation. */
export const GALLERY_CLOSE_MS = 500

/** 'Taken 11-20-2026 14:30 · 41.88000, -87.63000 (±12 m)', or null when the device said nothing. */
export function stampText(stamp: SlideStamp): string | null {
  const parts: string[] = []
  if (stamp.capturedAt) parts.push(t('Taken {when}', { when: formatInspectionDate(stamp.capturedAt) }))
  if (stamp.location) parts.push(locationText(stamp.location))
  return parts.length > 0 ? parts.join(' · ') : null
}

export const MIN_SLIDES_FOR_THUMBNAILS = 2
/** Spec §9: the spinner shows only when loading lasts longer than this, so fast loads don't flicker. */
export const SPINNER_DELAY_MS = 250

export const GALLERY_ERROR_MESSAGE = 'Something Went Wrong, Please Try Again Later'
export const IMAGE_NOT_FOUND_MESSAGE = 'Image Not Found'

export function showsThumbnails(slideCount: number): boolean {
  return slideCount >= MIN_SLIDES_FOR_THUMBNAILS
}

/** `index` moved into 0..count-1 the way a ring does: past the last comes the first and vice versa. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

export interface MediaGalleryProps {
  slides: readonly GallerySlide[]
  initialIndex?: number
  onClose: () => void
  title?: string
}

export function MediaGallery({ slides, initialIndex = 0, onClose, title = 'Preview' }: MediaGalleryProps) {
  const [closing, setClosing] = useState(false)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(closeTimer.current), [])
  const close = () => {
    if (closing) return
    setClosing(true)
    closeTimer.current = setTimeout(onClose, GALLERY_CLOSE_MS)
  }
  const count = slides.length
  const [index, setIndex] = useState(() => wrapIndex(initialIndex, count))
  // Slides whose file failed to load (a deleted file, an expired link), by key.
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set())
  const current = slides[wrapIndex(index, count)]
  const go = (step: number) => setIndex((previous) => wrapIndex(previous + step, count))
  const markBroken = (key: string) => setBroken((previous) => new Set(previous).add(key))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(-1)
    }
  }

  return (
    <Modal title={title} onClose={close} size="xl" closing={closing}>
      {/* Arrow keys work wherever focus sits inside the gallery (the buttons keep Tab order). */}
      {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- a key handler scoped to the gallery, not a control */}
      <div onKeyDown={onKeyDown} className="flex flex-col gap-4">
        <div className="relative flex min-h-72 items-center justify-center rounded-md bg-slate-900/95">
          {current ? (
            <SlideView slide={current} broken={broken.has(current.key)} onBroken={() => markBroken(current.key)} />
          ) : (
            <SlideMessage text={IMAGE_NOT_FOUND_MESSAGE} />
          )}
          {count >= 2 && (
            <>
              <NavButton label={t('Previous')} side="left" onClick={() => go(-1)} />
              <NavButton label={t('Next')} side="right" onClick={() => go(1)} />
            </>
          )}
        </div>
        {current?.status === 'ready' && stampText(current) && <p className="text-center text-sm text-slate-700 dark:text-slate-200">{stampText(current)}</p>}
        {count >= 2 && (
          <p className="text-center text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {wrapIndex(index, count) + 1} / {count}
          </p>
        )}
        {showsThumbnails(count) && (
          <ul aria-label={t('Thumbnails')} className="flex gap-2 overflow-x-auto pb-1">
            {slides.map((slide, slideIndex) => (
              <li key={slide.key} className="shrink-0">
                <button
                  type="button"
                  aria-label={`Show ${slideIndex + 1} of ${count}`}
                  aria-current={slideIndex === wrapIndex(index, count) ? 'true' : undefined}
                  onClick={() => setIndex(slideIndex)}
                  className={`flex h-16 w-16 items-center justify-center overflow-hidden rounded border-2 bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary dark:bg-slate-700 ${
                    slideIndex === wrapIndex(index, count) ? 'border-primary' : 'border-transparent'
                  }`}
                >
                  <Thumbnail slide={slide} broken={broken.has(slide.key)} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  )
}

function SlideView({ slide, broken, onBroken }: { slide: GallerySlide; broken: boolean; onBroken: () => void }) {
  if (slide.status === 'loading') return <SlideLoading />
  if (slide.status === 'error') return <SlideMessage text={GALLERY_ERROR_MESSAGE} />
  if (broken) return <SlideMessage text={slide.kind === 'image' ? IMAGE_NOT_FOUND_MESSAGE : GALLERY_ERROR_MESSAGE} />
  if (slide.kind === 'video') {
    return (
      // Inspection videos have no captions: they record the state of a vehicle, with no speech to follow.
      // oxlint-disable-next-line jsx-a11y/media-has-caption
      <video key={slide.key} src={slide.src} poster={slide.poster ?? undefined} controls playsInline preload="metadata" onError={onBroken} className="max-h-[65vh] w-full" aria-label={slide.name} />
    )
  }
  return <img key={slide.key} src={slide.src} alt={slide.name} onError={onBroken} className="max-h-[65vh] w-auto max-w-full object-contain" />
}

function SlideLoading() {
  const [spinner, setSpinner] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSpinner(true), SPINNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-white">
      <span
        aria-hidden="true"
        className={`h-8 w-8 animate-spin rounded-full border-4 border-white/80 border-t-transparent ${spinner ? 'visible' : 'invisible'}`}
      />
      {t('Loading...')}
    </div>
  )
}

function SlideMessage({ text }: { text: string }) {
  return (
    <p role="alert" className="px-6 text-center font-medium text-white">
      {text}
    </p>
  )
}

function Thumbnail({ slide, broken }: { slide: GallerySlide; broken: boolean }) {
  if (slide.status === 'ready' && slide.kind === 'image' && !broken) {
    return <img src={slide.src} alt="" className="h-full w-full object-cover" />
  }
  if (slide.status === 'ready' && slide.kind === 'video' && slide.poster) {
    return (
      <span className="relative h-full w-full">
        <img src={slide.poster} alt="" className="h-full w-full object-cover" />
        <PlayMark />
      </span>
    )
  }
  if (slide.status === 'ready' && slide.kind === 'video') {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-slate-600 dark:text-slate-200" fill="currentColor">
        <path d="M8 5v14l11-7z" />
      </svg>
    )
  }
  return <span aria-hidden="true" className="h-full w-full animate-pulse bg-slate-300 dark:bg-slate-600" />
}

function NavButton({ label, side, onClick }: { label: string; side: 'left' | 'right'; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${side === 'left' ? 'left-2' : 'right-2'} flex h-11 w-11 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} className="h-6 w-6">
        <path d={side === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
      </svg>
    </button>
  )
}

/** A play triangle over a video's poster frame. */
export function PlayMark() {
  return (
    <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-black/55 text-white">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </span>
  )
}
