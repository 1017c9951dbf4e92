// Requests to join the company (issue 17), above the drivers list: each asker's name and contact, when
// they asked, and Approve or Reject. Nothing shows while there are none; a failure to load says so.
import { useQuery } from '@tanstack/react-query'
import type { JoinRequest } from '../../../core/contract/auth.ts'
import { formatInspectionDate } from '../../lib/dates.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { fullNameOf } from './driver-search.ts'
import { joinRequestsQuery } from './join-requests-query.ts'
import { useAnswerJoinRequest, type JoinRequestAnswer } from './use-driver-membership.ts'
import { t } from '../../i18n/translate.ts'

export function JoinRequestsPanel({ companyId }: { companyId: string }) {
  const requests = useQuery(joinRequestsQuery(companyId))
  const answer = useAnswerJoinRequest(companyId)
  if (requests.isError) {
    return (
      <div className="mb-6">
        <RetryAlert retryLabel={t('Retry')} onRetry={() => void requests.refetch()}>
          {requests.error.message}
        </RetryAlert>
      </div>
    )
  }
  if (!requests.data || requests.data.length === 0) return null
  const answering = answer.isPending ? answer.variables : undefined
  return (
    <section aria-labelledby="join-requests-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/30">
      <h2 id="join-requests-title" className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">
        {t('Requests to join ({count})', { count: requests.data.length })}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('They see nothing of the company until you approve them.')}</p>
      {answer.error && <AlertBanner message={answer.error.message} />}
      <ul className="flex flex-col gap-3">
        {requests.data.map((request) => (
          <JoinRequestRow
            key={request._id}
            request={request}
            answering={answering?.requestId === request._id ? answering.answer : null}
            disabled={answer.isPending}
            onAnswer={(choice) => answer.mutate({ requestId: request._id, answer: choice })}
          />
        ))}
      </ul>
    </section>
  )
}

interface JoinRequestRowProps {
  request: JoinRequest
  answering: JoinRequestAnswer | null
  disabled: boolean
  onAnswer: (answer: JoinRequestAnswer) => void
}

function JoinRequestRow({ request, answering, disabled, onAnswer }: JoinRequestRowProps) {
  const name = fullNameOf(request.user)
  return (
    <li className="flex flex-col gap-3 rounded-md bg-white p-3 shadow-sm sm:flex-row sm:items-center dark:bg-boxdark" aria-label={name}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">{name}</p>
        <p className="text-sm break-words text-slate-600 dark:text-slate-300">
          {request.user.email}
          {request.user.phone ? ` · ${request.user.phone}` : ''}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Asked {date}', { date: formatInspectionDate(request.createdAt) })}</p>
      </div>
      <div className="flex gap-2">
        <Button pending={answering === 'approve'} disabled={disabled} onClick={() => onAnswer('approve')} aria-label={t('Approve {name}', { name })}>
          {t('Approve')}
        </Button>
        <Button variant="secondary" pending={answering === 'reject'} disabled={disabled} onClick={() => onAnswer('reject')} aria-label={t('Reject {name}', { name })}>
          {t('Reject')}
        </Button>
      </div>
    </li>
  )
}
