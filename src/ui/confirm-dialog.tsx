// A yes/no question in a modal — the delete confirmations of spec §2 and §5.
import { Modal } from './modal.tsx'
import { t } from '../i18n/translate.ts'

export interface ConfirmDialogProps {
  message: string
  onConfirm: () => void
  onCancel: () => void
  title?: string
  confirmLabel?: string
  pending?: boolean
}

export function ConfirmDialog({ message, onConfirm, onCancel, title, confirmLabel, pending = false }: ConfirmDialogProps) {
  return (
    <Modal title={title ?? t('Please confirm')} onClose={onCancel}>
      <p className="text-sm">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-strokedark dark:hover:bg-boxdark-2"
        >
          {t('Cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
        >
          {confirmLabel ?? t('Delete')}
        </button>
      </div>
    </Modal>
  )
}
