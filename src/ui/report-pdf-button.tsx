// 'Download PDF' for one finished pre-trip report (GET /pre-inspection/{id}/report.pdf): the owner's
// lists and the driver's previous pre-trips both offer it.
import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { reportNumber } from '../../core/contract/dvir.ts'
import { errorText } from '../api/error-message.ts'
import { downloadPdf } from '../api/pdf-download.ts'
import { Button } from './button.tsx'
import { t } from '../i18n/translate.ts'

export function ReportPdfButton({ reportId }: { reportId: string }) {
  const [pending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      await downloadPdf(`pre-inspection/${reportId}/report.pdf`, `${reportNumber(reportId)}.pdf`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setPending(false)
    }
  }
  return (
    <Button variant="secondary" pending={pending} onClick={() => void download()}>
      {t('Download PDF')}
    </Button>
  )
}
