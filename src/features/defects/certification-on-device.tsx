// A certification still on this device, on its defect's card: waiting to be sent (still editable until
// its first send), refused by the server (its message, to correct or discard — after a 409 someone else's
// certification stands, so only discarding is offered), or held for being too old to resend on its own.
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import { discardCertification, type CertificationOp } from '../../outbox/certification-store.ts'
import { mayHaveReachedServer } from '../../outbox/ops.ts'
import { outboxDb } from '../../outbox/outbox-db.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { m, t, tr } from '../../i18n/translate.ts'
import { certificationLabel } from '../../ui/dvir-labels.ts'
import { outboxMessageText } from '../../outbox/outbox-message-text.ts'

export const DISCARD_CERTIFICATION_MESSAGE = m('Discard this certification? What you entered is deleted from this device and never sent.')

const boxClass = 'flex flex-col gap-2 rounded-lg border p-3 text-sm'

export function CertificationOnDevice({ op, certifiedOnServer, onCorrect }: { op: CertificationOp; certifiedOnServer: boolean; onCorrect: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [discarding, setDiscarding] = useState(false)
  const discard = async () => {
    setDiscarding(true)
    try {
      await discardCertification(outboxDb, op.seq!)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setDiscarding(false)
      setConfirming(false)
    }
  }
  const entered = (
    <>
      <span className="font-semibold">{certificationLabel(op.payload.action)}</span>: {op.payload.note}
    </>
  )

  if (op.state === 'held') {
    return (
      <div className={`${boxClass} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}>
        <p>
          {t('Your certification')} — {entered}
        </p>
        <p>{op.lastError && outboxMessageText(op.lastError)}</p>
        <Link to="/sync" className="font-medium underline">
          {t('Open waiting changes')}
        </Link>
      </div>
    )
  }
  if (op.state === 'failed') {
    return (
      <div className={`${boxClass} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}>
        <p>
          {certifiedOnServer ? t('Your certification was not recorded') : t('Not certified')} — {entered}
        </p>
        <p className="font-medium">{op.lastError && outboxMessageText(op.lastError)}</p>
        <div className="flex flex-wrap gap-2">
          {!certifiedOnServer && <Button onClick={onCorrect}>{t('Correct')}</Button>}
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('Discard')}
          </Button>
        </div>
        {confirming && (
          <ConfirmDialog message={tr(DISCARD_CERTIFICATION_MESSAGE)} confirmLabel={t('Discard')} pending={discarding} onConfirm={() => void discard()} onCancel={() => setConfirming(false)} />
        )}
      </div>
    )
  }
  return (
    <div className={`${boxClass} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100`}>
      <p>
        {op.state === 'sending' ? t('Sending your certification') : t('Certification waiting to be sent')} — {entered}
      </p>
      {!certifiedOnServer && !mayHaveReachedServer(op) && (
        <div>
          <Button variant="secondary" onClick={onCorrect}>
            {t('Edit')}
          </Button>
        </div>
      )}
    </div>
  )
}
