// /new-user (spec §2): a signed-in user without a company chooses Company Owner (create a company) or
// Driver (apply to an active company). Applying asks the company's owner (issue 17): until they answer,
// this screen says so and shows nothing of the company; once approved, the user enters the app.
import { useEffect, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { AuthUser, OwnJoinRequest } from '../../../core/contract/auth.ts'
import { currentUserQuery, sessionArea } from '../../api/current-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { CardPage } from '../../ui/card-page.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { activeCompaniesQuery } from './active-companies-query.ts'
import { useApplyToCompany } from './use-apply-to-company.ts'
import { useCreateCompany } from './use-create-company.ts'
import { useCheckJoinRequest, useWithdrawJoinRequest } from './use-join-request.ts'
import { useLogOut } from './use-log-out.ts'
import { m, t } from '../../i18n/translate.ts'
import { trNodes } from '../../i18n/translate-nodes.tsx'

type Choice = 'owner' | 'driver'

const COMPANY_NAME_MIN = 3
/** How often a waiting screen asks whether the owner has answered. */
const WAITING_REFRESH_MS = 30_000

export function NewUserScreen({ user: startingUser }: { user: AuthUser }) {
  // The user as the server has them now: applying, withdrawing or the owner's answer change them here.
  const { data: user } = useQuery({
    ...currentUserQuery(startingUser._id),
    initialData: startingUser,
    refetchInterval: (query) => (query.state.data?.joinRequest?.status === 'pending' ? WAITING_REFRESH_MS : false),
  })
  const router = useRouter()
  const approved = sessionArea(user) === 'signed-in'
  useEffect(() => {
    // Approved while waiting: on into the app, through the guards.
    if (approved) void router.navigate({ to: '/units', replace: true })
  }, [approved, router])
  if (user.joinRequest?.status === 'pending') return <WaitingForApproval user={user} request={user.joinRequest} />
  return <ChooseRole user={user} />
}

function ChooseRole({ user }: { user: AuthUser }) {
  const [choice, setChoice] = useState<Choice | null>(null)
  const declined = user.joinRequest?.status === 'declined' ? user.joinRequest.company.name : null
  return (
    <CardPage>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('Welcome to Fleetyard')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {trNodes(m('Signed in as {email}. How will you use Fleetyard?'), { email: <span className="font-medium">{user.details.email}</span> })}
          </p>
        </div>
        {declined && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
            {t('{company} did not approve your request to join. You can apply to another company, or create your own.', { company: declined })}
          </p>
        )}
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">{t('I am a')}</legend>
          <ChoiceCard value="owner" label={t('Company Owner')} hint={t('Manage units, drivers and documents')} choice={choice} onChoose={setChoice} />
          <ChoiceCard value="driver" label={t('Driver')} hint={t("Join your company's fleet")} choice={choice} onChoose={setChoice} />
        </fieldset>
        {choice === 'owner' && <CreateCompanyForm userId={user._id} />}
        {choice === 'driver' && <ApplyToCompanyForm userId={user._id} />}
        <LogOutFooter />
      </div>
    </CardPage>
  )
}

interface ChoiceCardProps {
  value: Choice
  label: string
  hint: string
  choice: Choice | null
  onChoose: (choice: Choice) => void
}

function ChoiceCard({ value, label, hint, choice, onChoose }: ChoiceCardProps) {
  const chosen = choice === value
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border-2 p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40 ${
        chosen ? 'border-primary bg-primary/5' : 'border-slate-200 hover:border-primary/50 dark:border-strokedark'
      }`}
    >
      <input type="radio" name="role" value={value} checked={chosen} onChange={() => onChoose(value)} className="mt-1 accent-primary" />
      <span className="flex flex-col font-semibold text-slate-900 dark:text-white">
        {label}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-300">{hint}</span>
      </span>
    </label>
  )
}

function CreateCompanyForm({ userId }: { userId: string }) {
  const [name, setName] = useState('')
  const createCompany = useCreateCompany(userId)
  const tooShort = name.trim().length < COMPANY_NAME_MIN

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!tooShort) createCompany.mutate(name.trim())
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit}>
      <AlertBanner message={createCompany.isError ? t('Failed to create the company. Please try again.') : null} />
      <TextField label={t('Company Name')} name="companyName" value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
      <Button type="submit" disabled={tooShort} pending={createCompany.isPending}>
        {t('Create Company')}
      </Button>
    </form>
  )
}

function ApplyToCompanyForm({ userId }: { userId: string }) {
  const [companyId, setCompanyId] = useState('')
  const [missingChoice, setMissingChoice] = useState(false)
  const companies = useQuery(activeCompaniesQuery())
  const apply = useApplyToCompany(userId)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!companyId) {
      setMissingChoice(true)
      return
    }
    apply.mutate(companyId)
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <AlertBanner message={apply.isError ? t('Failed to apply to company. Please try again.') : companies.error?.message} />
      <SelectField
        label={t('Company')}
        name="companyId"
        value={companyId}
        error={missingChoice ? t('Select company') : null}
        onChange={(event) => {
          setCompanyId(event.target.value)
          setMissingChoice(false)
        }}
      >
        <option value="">{companies.isPending ? t('Loading companies…') : t('Choose a company')}</option>
        {companies.data?.map((company) => (
          <option key={company._id} value={company._id}>
            {company.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" pending={apply.isPending}>
        {t('Apply to Company')}
      </Button>
    </form>
  )
}

/** Asked and not answered yet: what happens next, and what the user can do meanwhile. */
function WaitingForApproval({ user, request }: { user: AuthUser; request: OwnJoinRequest }) {
  const check = useCheckJoinRequest(user._id)
  const withdraw = useWithdrawJoinRequest(user._id)
  const error = check.error ?? withdraw.error
  return (
    <CardPage>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('Waiting for approval')}</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-200">
            {trNodes(m("Your request to join {company} has been sent. Its owner must approve it before you can see the company's units and documents."), {
              company: <span className="font-semibold">{request.company.name}</span>,
            })}
          </p>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {trNodes(m('We will email {email} when they answer. This page also checks by itself.'), { email: <span className="font-medium">{user.details.email}</span> })}
          </p>
        </div>
        <AlertBanner message={error?.message} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button pending={check.isPending} onClick={() => check.mutate()}>
            {t('Check again')}
          </Button>
          <Button variant="secondary" pending={withdraw.isPending} onClick={() => withdraw.mutate()}>
            {t('Withdraw request')}
          </Button>
        </div>
        <LogOutFooter />
      </div>
    </CardPage>
  )
}

/** Log Out, at the foot of every onboarding screen (spec §4): someone waiting is never stuck here. */
function LogOutFooter() {
  const logOut = useLogOut()
  return (
    <div className="border-t border-slate-200 pt-4 text-center dark:border-strokedark">
      <Button variant="secondary" pending={logOut.isPending} onClick={() => logOut.mutate()}>
        {t('Log Out')}
      </Button>
    </div>
  )
}
