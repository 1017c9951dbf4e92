// My profile (spec §2 "Profile"): avatar (or the default), full name, role; an owner sees Units and
// Drivers counts, a driver Units only.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { dashboardCountsQuery } from '../../api/dashboard-counts.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { roleLabel } from './role-label.ts'
import { t } from '../../i18n/translate.ts'

export function ProfileScreen() {
  const user = useSignedInUser()
  const counts = useQuery(dashboardCountsQuery(user._id))
  const isOwner = user.role?.name === 'owner'
  const name = `${user.details.firstName} ${user.details.lastName}`.trim()
  const stats = isOwner
    ? [
        { label: t('Units'), value: counts.data?.units },
        { label: t('Drivers'), value: counts.data?.drivers },
      ]
    : [{ label: t('Units'), value: counts.data?.units }]

  return (
    <div className={SCREEN_CLASS}>
      <section
        aria-label={t('Profile')}
        className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-8 text-center shadow-sm dark:border-strokedark dark:bg-boxdark"
      >
        <Avatar src={user.details.avatar} alt="" className="h-28 w-28" />
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{name}</h1>
        <p className="text-slate-600 dark:text-slate-300">{roleLabel(user.role?.name)}</p>
        <dl className="mt-2 flex divide-x divide-slate-200 rounded-md border border-slate-200 dark:divide-strokedark dark:border-strokedark">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse px-6 py-2">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{stat.label}</dt>
              <dd className="text-xl font-semibold">{stat.value ?? '–'}</dd>
            </div>
          ))}
        </dl>
        <Link to="/settings" className="mt-3 font-medium text-primary hover:underline dark:text-indigo-300">
          {t('Edit profile')}
        </Link>
      </section>
    </div>
  )
}
