// The footer every form modal ends with: a secondary Cancel that closes, and the primary action that
// shows its pending state. Without `onConfirm` the primary button submits the surrounding form.
import { Button } from './button.tsx'
import { t } from '../i18n/translate.ts'

export interface FormActionsProps {
  onCancel: () => void
  pending: boolean
  submitLabel: string
  onConfirm?: () => void
}

export function FormActions({ onCancel, pending, submitLabel, onConfirm }: FormActionsProps) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="secondary" onClick={onCancel}>
        {t('Cancel')}
      </Button>
      {onConfirm ? (
        <Button pending={pending} onClick={onConfirm}>
          {submitLabel}
        </Button>
      ) : (
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      )}
    </div>
  )
}
