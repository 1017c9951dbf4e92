// A signature pad (spec §9): strokes drawn with perfect-freehand on a canvas 16rem high, pen width
// between 0.5 and 2.5 by pressure, pointer events so mouse, touch and pen all sign; the whole pad is
// exported as a PNG data URL at the end of every stroke, so nothing signed lives only in memory.
import { getStroke, type StrokeOptions } from 'perfect-freehand'
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { t } from '../i18n/translate.ts'

/** Exports remembered as our own: enough for the saves of a fast signer still on their way back. */
const RECENT_EXPORTS = 8

export const MIN_PEN_WIDTH = 0.5
export const MAX_PEN_WIDTH = 2.5

/**
 * perfect-freehand draws a line `size * (1 - thinning + 2 * thinning * pressure)` wide, so size 1.5
 * and thinning 2/3 give MIN_PEN_WIDTH at no pressure and MAX_PEN_WIDTH at full pressure.
 */
export const SIGNATURE_STROKE_OPTIONS = {
  size: (MIN_PEN_WIDTH + MAX_PEN_WIDTH) / 2,
  thinning: (MAX_PEN_WIDTH - MIN_PEN_WIDTH) / (MAX_PEN_WIDTH + MIN_PEN_WIDTH),
  smoothing: 0.5,
  streamline: 0.4,
  start: { cap: true, taper: 0 },
  end: { cap: true, taper: 0 },
} satisfies StrokeOptions

/** The pen's width at a pressure between 0 and 1. */
export function penWidthAt(pressure: number): number {
  const clamped = Math.min(1, Math.max(0, pressure))
  return MIN_PEN_WIDTH + (MAX_PEN_WIDTH - MIN_PEN_WIDTH) * clamped
}

/** One stroke: [x, y, pressure] in CSS pixels of the pad. */
export interface SignatureStroke {
  points: [number, number, number][]
  /** Mouse and most touch screens report no real pressure: the width then follows the speed. */
  simulatePressure: boolean
}

/** The filled outline of a stroke, as perfect-freehand computes it. */
export function strokeOutline(stroke: SignatureStroke, last: boolean): [number, number][] {
  return getStroke(stroke.points, { ...SIGNATURE_STROKE_OPTIONS, simulatePressure: stroke.simulatePressure, last }) as [number, number][]
}

function fillOutline(context: CanvasRenderingContext2D, outline: [number, number][]): void {
  if (outline.length === 0) return
  context.beginPath()
  context.moveTo(outline[0]![0], outline[0]![1])
  for (const [x, y] of outline.slice(1)) context.lineTo(x, y)
  context.closePath()
  context.fill()
}

export interface SignaturePadProps {
  /** The heading above the pad, e.g. 'Customer, Sign Below'. */
  label: string
  /** The saved signature (PNG data URL): drawn as the pad's starting image. */
  value: string | null
  /** A PNG data URL at the end of each stroke; null after Clear. */
  onChange: (signature: string | null) => void
  disabled?: boolean
}

export function SignaturePad({ label, value, onChange, disabled = false }: SignaturePadProps) {
  const headingId = useId()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const strokes = useRef<SignatureStroke[]>([])
  const current = useRef<SignatureStroke | null>(null)
  const background = useRef<CanvasImageSource | null>(null)
  // What this pad exported lately: such a `value` is our own echo (possibly a late one, after a newer
  // stroke), anything else is a new start.
  const exported = useRef<(string | null)[]>([null])
  const remember = (signature: string | null) => {
    exported.current = [...exported.current.slice(-(RECENT_EXPORTS - 1)), signature]
  }

  const redraw = useCallback(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    const ratio = window.devicePixelRatio || 1
    const width = canvas.clientWidth
    const height = canvas.clientHeight
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio)
      canvas.height = Math.round(height * ratio)
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    // An opaque white page: the exported PNG stays readable on a dark screen too.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    const image = background.current
    if (image && 'width' in image) {
      // Fit the saved image without stretching, in case the pad is now wider or narrower.
      const imageWidth = Number(image.width) || width
      const imageHeight = Number(image.height) || height
      const scale = Math.min(width / imageWidth, height / imageHeight)
      context.drawImage(image, 0, 0, imageWidth * scale, imageHeight * scale)
    }
    context.fillStyle = '#0f172a'
    for (const stroke of strokes.current) fillOutline(context, strokeOutline(stroke, true))
    if (current.current) fillOutline(context, strokeOutline(current.current, false))
  }, [])

  // A value that is not our own export (a resumed draft, or a cleared one) replaces what is drawn.
  useEffect(() => {
    if (exported.current.includes(value)) return
    exported.current = [value]
    strokes.current = []
    background.current = null
    redraw()
    if (!value) return
    let cancelled = false
    const image = new Image()
    image.onload = () => {
      if (cancelled) return
      background.current = image
      redraw()
    }
    image.src = value
    return () => {
      cancelled = true
    }
  }, [value, redraw])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => redraw())
    observer.observe(canvas)
    return () => observer.disconnect()
  }, [redraw])

  const pointOf = (event: PointerEvent | ReactPointerEvent<HTMLCanvasElement>): [number, number, number] => {
    const rect = canvasRef.current!.getBoundingClientRect()
    return [event.clientX - rect.left, event.clientY - rect.top, event.pressure || 0.5]
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    current.current = { points: [pointOf(event)], simulatePressure: event.pointerType !== 'pen' }
    redraw()
  }

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current
    if (!stroke) return
    // Coalesced events keep a fast signature smooth where the browser batches pointer moves.
    const native = event.nativeEvent
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : []
    for (const moved of events.length > 0 ? events : [native]) stroke.points.push(pointOf(moved))
    redraw()
  }

  const endStroke = () => {
    const stroke = current.current
    if (!stroke) return
    current.current = null
    strokes.current.push(stroke)
    redraw()
    const signature = canvasRef.current?.toDataURL('image/png') ?? null
    remember(signature)
    onChange(signature)
  }

  // The keyboard's way to sign (WCAG 2.5.1: no path-based gesture only): the typed name is written
  // on the pad in a hand-like face, and the pad exports it as its PNG like any stroke.
  const [typedName, setTypedName] = useState('')
  const signTyped = () => {
    const name = typedName.trim()
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!name || !canvas || !context) return
    strokes.current = []
    current.current = null
    background.current = null
    redraw()
    const height = canvas.clientHeight || 256
    context.fillStyle = '#0f172a'
    context.font = `italic ${Math.round(height / 5)}px "Segoe Script", "Brush Script MT", cursive`
    context.textBaseline = 'middle'
    context.fillText(name, 24, height / 2, Math.max(40, (canvas.clientWidth || 300) - 48))
    const signature = canvas.toDataURL('image/png')
    remember(signature)
    onChange(signature)
  }

  const clear = () => {
    strokes.current = []
    current.current = null
    background.current = null
    remember(null)
    redraw()
    onChange(null)
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {label}
        </h3>
        <button
          type="button"
          onClick={clear}
          disabled={disabled}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 dark:border-strokedark dark:hover:bg-boxdark-2"
        >
          {t('Clear')}
        </button>
      </div>
      <canvas
        ref={canvasRef}
        aria-label={label}
        role="img"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endStroke}
        onPointerCancel={endStroke}
        // touch-action none: a finger signs instead of scrolling the page.
        className="h-64 w-full touch-none rounded-lg border border-dashed border-slate-400 bg-white dark:border-strokedark"
      />
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span>{t('Or type your name to sign')}</span>
          <input
            type="text"
            value={typedName}
            disabled={disabled}
            autoComplete="name"
            onChange={(event) => setTypedName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                signTyped()
              }
            }}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2"
          />
        </label>
        <button
          type="button"
          onClick={signTyped}
          disabled={disabled || !typedName.trim()}
          className="min-h-11 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 dark:border-strokedark dark:hover:bg-boxdark-2"
        >
          {t('Sign with typed name')}
        </button>
      </div>
    </section>
  )
}
