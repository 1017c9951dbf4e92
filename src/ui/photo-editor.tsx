// Edits one photo before it goes anywhere: rotate by quarter turns and crop by dragging over it. The
// result is a new JPEG Blob; the caller decides what replaces what.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { Button } from './button.tsx'
import { Modal } from './modal.tsx'
import { t } from '../i18n/translate.ts'

export type QuarterTurns = 0 | 1 | 2 | 3

/** A crop as fractions (0–1) of the rotated picture. */
export interface CropRect {
  x: number
  y: number
  width: number
  height: number
}

interface Size {
  width: number
  height: number
}

/** A drag shorter than this (of the picture's side) is a tap, not a crop. */
const MIN_CROP_FRACTION = 0.02
/** JPEG quality of the edited picture, the same as the downscaled captures. */
const EDITED_JPEG_QUALITY = 0.85
/** The preview is drawn at most this big; the saved picture keeps full resolution. */
const PREVIEW_MAX: Size = { width: 960, height: 720 }

export function nextTurn(turns: QuarterTurns): QuarterTurns {
  return ((turns + 1) % 4) as QuarterTurns
}

export function rotatedSize(size: Size, turns: QuarterTurns): Size {
  return turns % 2 === 1 ? { width: size.height, height: size.width } : { ...size }
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

/** The crop a drag from `start` to `end` (fractions of the picture) selects, or null for a tap. */
export function cropFromDrag(start: [number, number], end: [number, number]): CropRect | null {
  const [x1, y1] = [clamp01(start[0]), clamp01(start[1])]
  const [x2, y2] = [clamp01(end[0]), clamp01(end[1])]
  const crop = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) }
  return crop.width < MIN_CROP_FRACTION || crop.height < MIN_CROP_FRACTION ? null : crop
}

/** The crop in whole pixels of a picture of `size` (the whole picture when there is no crop). */
export function cropPixels(size: Size, crop: CropRect | null): Size & { x: number; y: number } {
  if (!crop) return { x: 0, y: 0, width: size.width, height: size.height }
  const x = Math.min(size.width - 1, Math.round(crop.x * size.width))
  const y = Math.min(size.height - 1, Math.round(crop.y * size.height))
  return {
    x,
    y,
    width: Math.max(1, Math.min(size.width - x, Math.round(crop.width * size.width))),
    height: Math.max(1, Math.min(size.height - y, Math.round(crop.height * size.height))),
  }
}

interface DecodedImage {
  source: CanvasImageSource
  size: Size
  release: () => void
}

/** The picture decoded, upright as its EXIF orientation says. */
async function decodeImage(blob: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' })
    return { source: bitmap, size: { width: bitmap.width, height: bitmap.height }, release: () => bitmap.close() }
  }
  const url = URL.createObjectURL(blob)
  const image = new Image()
  image.src = url
  try {
    await image.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw error
  }
  return { source: image, size: { width: image.naturalWidth, height: image.naturalHeight }, release: () => URL.revokeObjectURL(url) }
}

/** Draws the picture turned by `turns` into a context whose origin is the rotated picture's corner. */
function drawRotated(context: CanvasRenderingContext2D, image: DecodedImage, turns: QuarterTurns, scale: number): void {
  const turned = rotatedSize(image.size, turns)
  context.translate((turned.width * scale) / 2, (turned.height * scale) / 2)
  context.rotate((turns * Math.PI) / 2)
  context.drawImage(image.source, (-image.size.width * scale) / 2, (-image.size.height * scale) / 2, image.size.width * scale, image.size.height * scale)
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('The picture could not be saved.')))), type, quality)
  })
}

/** The edited picture at full resolution: turned, then cropped, as a JPEG. */
async function renderEdited(image: DecodedImage, turns: QuarterTurns, crop: CropRect | null): Promise<Blob> {
  const area = cropPixels(rotatedSize(image.size, turns), crop)
  const canvas = document.createElement('canvas')
  canvas.width = area.width
  canvas.height = area.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error(t('The picture could not be edited on this device.'))
  context.translate(-area.x, -area.y)
  drawRotated(context, image, turns, 1)
  return canvasBlob(canvas, 'image/jpeg', EDITED_JPEG_QUALITY)
}

export interface PhotoEditorProps {
  photo: Blob
  /** Receives the edited JPEG; the editor stays open (buttons disabled) until it settles. */
  onSave: (edited: Blob) => Promise<void> | void
  onCancel: () => void
  title?: string
}

export function PhotoEditor({ photo, onSave, onCancel, title = 'Edit picture' }: PhotoEditorProps) {
  const [image, setImage] = useState<DecodedImage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [turns, setTurns] = useState<QuarterTurns>(0)
  const [crop, setCrop] = useState<CropRect | null>(null)
  const [dragStart, setDragStart] = useState<[number, number] | null>(null)
  const [saving, setSaving] = useState(false)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const frameRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let decoded: DecodedImage | null = null
    let cancelled = false
    decodeImage(photo).then(
      (result) => {
        if (cancelled) return result.release()
        decoded = result
        setImage(result)
      },
      () => {
        if (!cancelled) setError('This picture cannot be opened for editing.')
      },
    )
    return () => {
      cancelled = true
      decoded?.release()
    }
  }, [photo])

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!image || !canvas || !context) return
    const turned = rotatedSize(image.size, turns)
    const scale = Math.min(1, PREVIEW_MAX.width / turned.width, PREVIEW_MAX.height / turned.height)
    canvas.width = Math.max(1, Math.round(turned.width * scale))
    canvas.height = Math.max(1, Math.round(turned.height * scale))
    context.setTransform(1, 0, 0, 1, 0, 0)
    drawRotated(context, image, turns, scale)
  }, [image, turns])

  const fractionOf = (event: ReactPointerEvent<HTMLDivElement>): [number, number] => {
    const rect = frameRef.current!.getBoundingClientRect()
    return [rect.width ? (event.clientX - rect.left) / rect.width : 0, rect.height ? (event.clientY - rect.top) / rect.height : 0]
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!image || saving) return
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const start = fractionOf(event)
    setDragStart(start)
    setCrop(null)
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (dragStart) setCrop(cropFromDrag(dragStart, fractionOf(event)))
  }
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!dragStart) return
    setCrop(cropFromDrag(dragStart, fractionOf(event)))
    setDragStart(null)
  }

  const rotate = () => {
    // A crop is drawn on the turned picture; after another turn it would cut somewhere else.
    setCrop(null)
    setTurns(nextTurn)
  }

  const save = async () => {
    if (!image) return
    setSaving(true)
    setError(null)
    try {
      await onSave(await renderEdited(image, turns, crop))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The picture could not be saved.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal title={title} onClose={saving ? () => undefined : onCancel} size="xl">
      <div className="flex flex-col gap-4">
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('Drag over the picture to crop it.')}</p>
        <div className="flex justify-center">
          <div
            ref={frameRef}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDragStart(null)}
            className="relative inline-block touch-none overflow-hidden bg-slate-100 select-none dark:bg-boxdark-2"
          >
            <canvas ref={canvasRef} role="img" aria-label={t('Picture being edited')} className="block h-auto max-h-[60vh] w-auto max-w-full" />
            {crop && (
              <div
                data-testid="crop-area"
                aria-hidden="true"
                className="pointer-events-none absolute border-2 border-white"
                // The huge shadow dims everything outside the crop (the frame clips it).
                style={{
                  left: `${crop.x * 100}%`,
                  top: `${crop.y * 100}%`,
                  width: `${crop.width * 100}%`,
                  height: `${crop.height * 100}%`,
                  boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)',
                }}
              />
            )}
            {!image && !error && <p className="p-8 text-sm">{t('Loading...')}</p>}
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={rotate} disabled={!image || saving}>
              {t('Rotate')}
            </Button>
            <Button variant="secondary" onClick={() => setCrop(null)} disabled={!crop || saving}>
              {t('Reset crop')}
            </Button>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              {t('Cancel')}
            </Button>
            <Button onClick={() => void save()} pending={saving} disabled={!image}>
              {t('Save')}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  )
}
