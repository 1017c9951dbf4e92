// The overlay shown over an upload area while its files are being sent (spec §2 "Reserve screen"):
// percentage, 'Uploading...' and 'Please wait...'. It covers only its own section (the parent is
// `relative`), so the rest of the screen stays usable during a long upload on a weak signal.
import { t } from '../i18n/translate.ts'
export interface UploadOverlayProps {
  /** Whole percent sent. */
  percent: number
  /** What is uploading, for screen readers, e.g. 'Pictures'. */
  label: string
}

export function UploadOverlay({ percent, label }: UploadOverlayProps) {
  const whole = Math.min(100, Math.max(0, Math.floor(percent)))
  return (
    <div
      role="status"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/85 p-4 text-center dark:bg-boxdark/90"
    >
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-primary border-t-transparent" />
      <p className="text-2xl font-semibold text-slate-900 dark:text-white">{whole}%</p>
      <div
        role="progressbar"
        aria-label={`${label} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={whole}
        className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200 dark:bg-boxdark-2"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${whole}%` }} />
      </div>
      <p className="font-medium text-slate-900 dark:text-white">{t('Uploading...')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('Please wait...')}</p>
    </div>
  )
}
