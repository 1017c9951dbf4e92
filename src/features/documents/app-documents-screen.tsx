// /app-documents (spec §2 "App documents"): every document the signed-in user may see, for owners and
// drivers alike; what each may do follows their role.
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { DocumentsList } from './documents-list.tsx'
import { t } from '../../i18n/translate.ts'

export function AppDocumentsScreen({ companyId, userId, isOwner }: { companyId: string; userId: string; isOwner: boolean }) {
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Documents')} />
      <DocumentsList scope={{ kind: 'app' }} companyId={companyId} userId={userId} isOwner={isOwner} />
    </div>
  )
}
