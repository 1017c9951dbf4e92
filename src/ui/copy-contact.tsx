// A phone number or email (spec §2 "Driver detail"): on a phone it opens the dialer or mail app; at a
// desk it copies the value and says 'Copied' for 2 seconds (spec §9).
import { useEffect, useRef, useState } from 'react'
import { isMobileDevice } from '../lib/device.ts'
import { t } from '../i18n/translate.ts'

export const COPIED_FEEDBACK_MS = 2000

export interface CopyContactProps {
  kind: 'phone' | 'email'
  value: string
  className?: string
}

/** Clipboard API first; the textarea fallback covers insecure origins (plain http on a LAN). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const copied = document.execCommand('copy')
    area.remove()
    return copied
  }
}

export function CopyContact({ kind, value, className = '' }: CopyContactProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!value) return <span className={className}>—</span>

  if (isMobileDevice()) {
    const href = kind === 'phone' ? `tel:${value.replace(/[^\d+]/g, '')}` : `mailto:${value}`
    return (
      <a href={href} className={`text-primary hover:underline dark:text-indigo-300 ${className}`}>
        {value}
      </a>
    )
  }

  const onCopy = async () => {
    if (!(await copyText(value))) return
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
  }

  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        onClick={() => void onCopy()}
        title={kind === 'phone' ? t('Copy phone number') : t('Copy email')}
        className="text-left text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-indigo-300"
      >
        {value}
      </button>
      <span role="status" className="text-xs font-medium text-green-600 dark:text-green-400">
        {copied ? t('Copied') : ''}
      </span>
    </span>
  )
}
