// The spec's not-found handling (/404's 'Sorry, the page can't be found.') inside the signed-in layout,
// for a screen whose record does not exist or is not the user's: what happened, and a way back. Retry
// is never offered — asking again will not make an unknown id known.
import { Link, type LinkProps } from '@tanstack/react-router'
import { SCREEN_CLASS } from './page-header.tsx'
import { t } from '../i18n/translate.ts'

export interface NotFoundPanelProps {
  /** Why there is nothing here, e.g. 'This driver does not exist, or is not one of your drivers.' */
  detail: string
  backTo: LinkProps['to']
  backLabel: string
}

export function NotFoundPanel({ detail, backTo, backLabel }: NotFoundPanelProps) {
  return (
    <div className={SCREEN_CLASS}>
      <section aria-labelledby="not-found-title" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center">
        <p aria-hidden="true" className="text-5xl font-bold text-primary">
          404
        </p>
        <h1 id="not-found-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t("Sorry, the page can't be found.")}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">{detail}</p>
        <Link
          to={backTo}
          className="inline-flex min-h-12 items-center rounded-lg bg-primary px-6 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {backLabel}
        </Link>
      </section>
    </div>
  )
}
