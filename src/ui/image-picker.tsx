// Choose one image (avatar, licence side): a file button showing the chosen image — or, until one is
// chosen, the saved one — as its preview.
import { useEffect, useId, useRef, useState } from 'react'
import { t } from '../i18n/translate.ts'

export interface ImagePickerProps {
  label: string
  /** The image saved now, previewed until another is chosen. */
  currentUrl?: string | null
  file: File | null
  onFileChange: (file: File | null) => void
  hint?: string
  previewClassName?: string
}

export function ImagePicker({ label, currentUrl, file, onFileChange, hint, previewClassName = 'h-40' }: ImagePickerProps) {
  const inputId = useId()
  const hintId = useId()
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null)
  // The preview's object URL, released when another is chosen or the picker goes away.
  const objectUrl = useRef<string | null>(null)
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current)
    },
    [],
  )

  const choose = (next: File | null) => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current)
    const url = next ? URL.createObjectURL(next) : null
    objectUrl.current = url
    setChosen(next && url ? { file: next, url } : null)
    onFileChange(next)
  }

  // After a save the parent clears `file`, and the new saved image shows again.
  const preview = (file && chosen?.file === file ? chosen.url : null) ?? currentUrl ?? null

  return (
    <div className="flex flex-col gap-2">
      <span className="font-medium text-slate-800 dark:text-white">{label}</span>
      {preview && <img src={preview} alt={`${label} preview`} className={`${previewClassName} w-full rounded-md bg-slate-100 object-contain dark:bg-boxdark-2`} />}
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed border-slate-300 px-4 py-5 text-center text-sm transition focus-within:outline-2 focus-within:outline-primary hover:border-primary dark:border-strokedark"
      >
        <span className="font-medium text-primary dark:text-indigo-300">{file ? file.name : t('Click to upload')}</span>
        {hint && (
          <span id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </span>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-label={label}
          aria-describedby={hint ? hintId : undefined}
          className="sr-only"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </label>
    </div>
  )
}
