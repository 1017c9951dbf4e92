// /new-user (spec §2): a signed-in user without a company chooses Company Owner (create a company) or
// Driver (apply to an active company).
import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { CardPage } from '../../ui/card-page.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { activeCompaniesQuery } from './active-companies-query.ts'
import { useApplyToCompany } from './use-apply-to-company.ts'
import { useCreateCompany } from './use-create-company.ts'
import { useLogOut } from './use-log-out.ts'

type Choice = 'owner' | 'driver'

const COMPANY_NAME_MIN = 3

export function NewUserScreen({ user }: { user: AuthUser }) {
  const [choice, setChoice] = useState<Choice | null>(null)
  const logOut = useLogOut()
  return (
    <CardPage>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Welcome to Fleetyard</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Signed in as <span className="font-medium">{user.details.email}</span>. How will you use Fleetyard?
          </p>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">I am a</legend>
          <ChoiceCard value="owner" label="Company Owner" hint="Manage units, drivers and documents" choice={choice} onChoose={setChoice} />
          <ChoiceCard value="driver" label="Driver" hint="Join your company's fleet" choice={choice} onChoose={setChoice} />
        </fieldset>
        {choice === 'owner' && <CreateCompanyForm userId={user._id} />}
        {choice === 'driver' && <ApplyToCompanyForm userId={user._id} />}
        <div className="border-t border-slate-200 pt-4 text-center dark:border-strokedark">
          <Button variant="secondary" pending={logOut.isPending} onClick={() => logOut.mutate()}>
            Log Out
          </Button>
        </div>
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
      <AlertBanner message={createCompany.isError ? 'Failed to create the company. Please try again.' : null} />
      <TextField label="Company Name" name="companyName" value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
      <Button type="submit" disabled={tooShort} pending={createCompany.isPending}>
        Create Company
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
      <AlertBanner message={apply.isError ? 'Failed to apply to company. Please try again.' : companies.error?.message} />
      <SelectField
        label="Company"
        name="companyId"
        value={companyId}
        error={missingChoice ? 'Select company' : null}
        onChange={(event) => {
          setCompanyId(event.target.value)
          setMissingChoice(false)
        }}
      >
        <option value="">{companies.isPending ? 'Loading companies…' : 'Choose a company'}</option>
        {companies.data?.map((company) => (
          <option key={company._id} value={company._id}>
            {company.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" pending={apply.isPending}>
        Apply to Company
      </Button>
    </form>
  )
}
