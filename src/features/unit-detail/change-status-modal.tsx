// The next-status question of a status action (spec §4): Unassign from Driver, Return back and Return
// from Customer ask Maintenance or Available; Mark Maintenance Complete offers Available or Close. An
// optional note goes to the History with the change.
import { useId, useState } from 'react'
import { toast } from 'react-hot-toast'
import type { Unit, UnitStatus } from '../../../core/contract/units.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { statusBadgeLook } from '../../ui/status-badge.tsx'
import { useChangeUnitStatus } from './use-change-unit-status.ts'
import { t, tr } from '../../i18n/translate.ts'

export interface ChangeStatusModalProps {
  unit: Unit
  title: string
  choices: readonly UnitStatus[]
  onClose: () => void
}

export function ChangeStatusModal({ unit, title, choices, onClose }: ChangeStatusModalProps) {
  const change = useChangeUnitStatus()
  const [notes, setNotes] = useState('')
  const [chosen, setChosen] = useState<UnitStatus | null>(null)
  const notesId = useId()

  const choose = async (newStatus: UnitStatus) => {
    setChosen(newStatus)
    try {
      const { message } = await change.mutateAsync({ unit, newStatus, notes })
      toast.success(message)
      onClose()
    } catch {
      // The server's reason shows in the modal; the note typed so far stays.
    }
  }

  const question =
    choices.length === 1 ? t('Set this unit to {status}?', { status: tr(statusBadgeLook(choices[0] ?? '').label) }) : t('Choose the next status of this unit.')

  return (
    <Modal title={title} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>{question}</p>
        {change.error && <AlertBanner message={change.error.message} />}
        <div className="flex flex-col gap-2">
          <label htmlFor={notesId} className="font-medium text-slate-800 dark:text-white">
            {t('Notes (optional)')}
          </label>
          <textarea
            id={notesId}
            value={notes}
            maxLength={1000}
            rows={3}
            onChange={(event) => setNotes(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
          />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('Close')}
          </Button>
          {choices.map((status) => (
            <Button
              key={status}
              onClick={() => void choose(status)}
              pending={change.isPending && chosen === status}
              disabled={change.isPending && chosen !== status}
            >
              {status}
            </Button>
          ))}
        </div>
      </div>
    </Modal>
  )
}
