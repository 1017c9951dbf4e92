// /404 (spec §2): shown when a lookup fails or a page doesn't exist; Home routes the user onward.
import { Link } from '@tanstack/react-router'
import { CardPage } from './card-page.tsx'
import { t } from '../i18n/translate.ts'

export function NotFoundPage() {
  return (
    <CardPage>
      <div className="flex flex-col items-center gap-6 text-center">
        <p aria-hidden="true" className="text-6xl font-bold text-primary">
          404
        </p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("Sorry, the page can't be found.")}</h1>
        <Link
          to="/"
          className="inline-flex min-h-12 items-center rounded-lg bg-primary px-6 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {t('Back to Home')}
        </Link>
      </div>
    </CardPage>
  )
}
