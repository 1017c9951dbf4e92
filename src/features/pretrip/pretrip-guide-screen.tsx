// /pretrip-guide: the guide on a page of its own, reached from the pre-trip screen.
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { PretripGuide } from './pretrip-guide.tsx'
import { t } from '../../i18n/translate.ts'

export function PretripGuideScreen() {
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Pre-trip guide')} />
      <PretripGuide />
    </div>
  )
}
