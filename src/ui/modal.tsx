// A modal on the platform <dialog>: the browser traps focus, makes the page inert, and Escape closes.
// It is open while mounted — a parent shows it with `{open && <Modal …/>}`, so each opening starts
// with fresh form state and closing needs no cleanup.
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react'
import { t } from '../i18n/translate.ts'

export interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** 'drawer' slides in from the side, as the mobile filter drawer does. */
  variant?: 'dialog' | 'drawer'
  size?: 'md' | 'lg' | 'xl'
  /** Fading out before the parent unmounts it (the gallery's closing animation). */
  closing?: boolean
}

const WIDTHS = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const

export function Modal({ title, onClose, children, variant = 'dialog', size = 'md', closing = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const closeOnEscape = useEffectEvent(() => onClose())

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // jsdom has no showModal; the open attribute is the same dialog without the top layer.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    // Escape: let the parent unmount us instead of the browser closing behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault()
      closeOnEscape()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
    }
  }, [])

  const placement =
    variant === 'drawer'
      ? 'ml-auto mr-0 h-full max-h-none w-80 max-w-[85vw] rounded-none'
      : `m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-lg`

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-closing={closing || undefined}
      className={`${placement} bg-white p-0 text-slate-800 shadow-xl transition-[opacity,scale] duration-500 backdrop:bg-black/50 backdrop:transition-opacity backdrop:duration-500 motion-reduce:transition-none dark:bg-boxdark dark:text-slate-100 ${closing ? 'scale-95 opacity-0 backdrop:opacity-0' : ''}`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-strokedark">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('Close')}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-boxdark-2 dark:hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-5 w-5">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <div className="max-h-[calc(100vh-8rem)] overflow-y-auto px-5 py-4">{children}</div>
    </dialog>
  )
}
