// The owner's certification of one defect (§396.11(a)(3)): 'Repaired' or 'No repair needed', a note and
// a signature. Once certified it is final; the unit's History records it.
import { useId, useState } from 'react'
import { toast } from 'react-hot-toast'
import * as v from 'valibot'
import { CERTIFICATION_ACTIONS, CERTIFICATION_LABELS, CertifyBody, NOTE_MAX_LENGTH, SEVERITY_LABELS, type CertificationAction, type DefectListItem } from '../../../core/contract/dvir.ts'
import { errorText } from '../../api/error-message.ts'
import { newId } from '../../outbox/ids.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { useCertifyDefect } from './defects-query.ts'

export function CertifyDefectModal({ defect, onClose }: { defect: DefectListItem; onClose: () => void }) {
  const id = useId()
  const [key] = useState(newId)
  const certify = useCertifyDefect(defect._id, key)
  const [action, setAction] = useState<CertificationAction | null>(null)
  const [note, setNote] = useState('')
  const [signature, setSignature] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const submit = () => {
    const parsed = v.safeParse(CertifyBody, { action, note, signature: signature ?? '' })
    if (!parsed.success) {
      setError(parsed.issues[0].message)
      return
    }
    setError(null)
    certify.mutate(parsed.output, {
      onSuccess: (reply) => {
        toast.success(reply.message)
        onClose()
      },
      // What was entered stays in the form; the server's message says what to change.
      onError: (failure) => setError(errorText(failure)),
    })
  }

  return (
    <Modal title="Certify defect" onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>
          Unit {defect.unit.unitNumber} · <span className="font-semibold">{defect.item}</span> · {SEVERITY_LABELS[defect.severity]}: {defect.note}
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">Certification</legend>
          <div className="flex flex-wrap gap-2">
            {CERTIFICATION_ACTIONS.map((value) => (
              <label
                key={value}
                className={`flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40 ${action === value ? 'border-primary bg-primary/5' : 'border-slate-200 dark:border-strokedark'}`}
              >
                <input type="radio" name={`${id}-action`} value={value} checked={action === value} onChange={() => setAction(value)} className="accent-primary" />
                {CERTIFICATION_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            Note
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            placeholder="What was done?"
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2"
          />
        </div>
        <SignaturePad label="Owner, Sign Below" value={signature} onChange={setSignature} />
        <AlertBanner message={error} />
        <FormActions onCancel={onClose} pending={certify.isPending} submitLabel="Certify" onConfirm={submit} />
      </div>
    </Modal>
  )
}
