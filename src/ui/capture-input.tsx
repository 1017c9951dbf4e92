// A button that takes photos or videos: the platform file input (design.md §2 prefers it to a library),
// styled as a button. Photos: the camera (`capture`) or the gallery (`multiple`); videos: the
// environment-facing camera, video files only (spec §5). The input itself stays in the page, visually
// hidden, so keyboards, screen readers and tests reach it by its label.
import { useId, type ChangeEvent, type ReactNode } from 'react'

export type CaptureKind = 'photo' | 'video'

export interface CaptureInputProps {
  kind: CaptureKind
  /** The visible text, e.g. 'Take photo'. */
  children: ReactNode
  /** The input's accessible name when the visible text is not unique on the page ('Take photo for Lights'). */
  label?: string
  /** Open the camera (rear-facing) instead of the file chooser; desktop browsers show the chooser anyway. */
  camera?: boolean
  /** Several files at once (photos from the gallery). */
  multiple?: boolean
  disabled?: boolean
  variant?: 'primary' | 'secondary'
  className?: string
  onFiles: (files: File[]) => void
}

const ACCEPT: Record<CaptureKind, string> = { photo: 'image/*', video: 'video/*' }

const variants = {
  primary: 'border-primary bg-primary text-white hover:bg-primary/90',
  secondary:
    'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-strokedark dark:bg-boxdark dark:text-slate-100 dark:hover:bg-boxdark-2',
}

export function CaptureInput({
  kind,
  children,
  label,
  camera = false,
  multiple = false,
  disabled = false,
  variant = 'secondary',
  className = '',
  onFiles,
}: CaptureInputProps) {
  const id = useId()
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    // Cleared so choosing the same file again (after removing it) still fires a change.
    event.target.value = ''
    if (files.length > 0) onFiles(files)
  }
  return (
    <label
      htmlFor={id}
      aria-disabled={disabled || undefined}
      className={`relative inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border px-4 py-3 text-sm font-medium transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${variants[variant]} ${className}`}
    >
      <input
        id={id}
        type="file"
        className="sr-only"
        accept={ACCEPT[kind]}
        multiple={multiple}
        // 'environment': the rear camera, the one pointed at the truck (spec §2 "Reserve", issue 4).
        capture={camera ? 'environment' : undefined}
        disabled={disabled}
        aria-label={label}
        onChange={onChange}
      />
      {children}
    </label>
  )
}
