// The owner's certification of one defect (§396.11(a)(3)): 'Repaired' or 'No repair needed', a note and
// a signature. Kept on the device and sent through the outbox (certification-store.ts), so it works in a
// shop with no signal; once the server has it, it is final and the unit's History records it. One not
// sent yet, or refused by the server, opens here again with what was entered (and the server's message).
import { useId, useState } from 'react'
import { toast } from 'react-hot-toast'
import { CERTIFICATION_ACTIONS, NOTE_MAX_LENGTH, type CertificationAction, type DefectListItem } from '../../../core/contract/dvir.ts'
import { errorText } from '../../api/error-message.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { saveCertification, type CertificationOp } from '../../outbox/certification-store.ts'
import { outboxDb } from '../../outbox/outbox-db.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { m, t, tr } from '../../i18n/translate.ts'
import { certificationLabel, severityLabel } from '../../ui/dvir-labels.ts'
import { outboxMessageText } from '../../outbox/outbox-message-text.ts'

export const CERTIFICATION_SAVED_MESSAGE = m('Certification saved. It is sent to the server as soon as there is a connection.')

export function CertifyDefectModal({ defect, earlier, onClose }: { defect: DefectListItem; earlier?: CertificationOp | null; onClose: () => void }) {
  const id = useId()
  const user = useSignedInUser()
  const [action, setAction] = useState<CertificationAction | null>(earlier?.payload.action ?? null)
  const [note, setNote] = useState(earlier?.payload.note ?? '')
  const [signature, setSignature] = useState<string | null>(earlier?.payload.signature ?? null)
  const [error, setError] = useState<string | null>(earlier?.state === 'failed' && earlier.lastError ? outboxMessageText(earlier.lastError) : null)
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    setSaving(true)
    try {
      await saveCertification(outboxDb, user._id, { _id: defect._id, item: defect.item, unitId: defect.unit._id }, { action, note, signature: signature ?? '' })
      toast.success(tr(CERTIFICATION_SAVED_MESSAGE))
      onClose()
    } catch (failure) {
      // What was entered stays in the form; the message says what to change.
      setError(errorText(failure))
      setSaving(false)
    }
  }

  return (
    <Modal title={t('Certify defect')} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>
          {t('Unit {unitNumber}', { unitNumber: defect.unit.unitNumber })} · <span className="font-semibold">{defect.item}</span> · {severityLabel(defect.severity)}: {defect.note}
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">{t('Certification')}</legend>
          <div className="flex flex-wrap gap-2">
            {CERTIFICATION_ACTIONS.map((value) => (
              <label
                key={value}
                className={`flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40 ${action === value ? 'border-primary bg-primary/5' : 'border-slate-200 dark:border-strokedark'}`}
              >
                <input type="radio" name={`${id}-action`} value={value} checked={action === value} onChange={() => setAction(value)} className="accent-primary" />
                {certificationLabel(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            {t('Note')}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            placeholder={t('What was done?')}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2"
          />
        </div>
        <SignaturePad label={t('Owner, Sign Below')} value={signature} onChange={setSignature} />
        <AlertBanner message={error} />
        <FormActions onCancel={onClose} pending={saving} submitLabel={t('Certify')} onConfirm={() => void submit()} />
      </div>
    </Modal>
  )
}
