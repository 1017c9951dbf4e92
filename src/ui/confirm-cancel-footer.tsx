// The foot of a form that can be abandoned (the owner's assignment and reserve screens): its error,
// Cancel — which asks first, in a dialog — and the forward actions the screen passes in.
import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { t } from '../i18n/translate.ts'

export interface ConfirmCancelFooterProps {
  error: string | null
  busy: boolean
  /** The dialog's title and question when Cancel is pressed. */
  cancelTitle: string
  cancelMessage: string
  confirmingCancel: boolean
  onConfirmingCancelChange: (confirming: boolean) => void
  /** The user said Proceed. */
  onCancel: () => void
  /** The forward actions (Next, Finish), at the other end of the bar. */
  children: ReactNode
}

export function ConfirmCancelFooter(props: ConfirmCancelFooterProps) {
  const { error, busy, confirmingCancel, onConfirmingCancelChange } = props
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-strokedark">
        <Button variant="secondary" onClick={() => onConfirmingCancelChange(true)} disabled={busy}>
          {t('Cancel')}
        </Button>
        {props.children}
      </div>
      {confirmingCancel && (
        <ConfirmDialog
          title={props.cancelTitle}
          message={props.cancelMessage}
          confirmLabel={t('Proceed')}
          pending={busy}
          onConfirm={props.onCancel}
          onCancel={() => onConfirmingCancelChange(false)}
        />
      )}
    </>
  )
}
