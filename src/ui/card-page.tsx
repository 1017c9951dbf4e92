// A centred card under the brand: the frame of every screen shown outside the app shell
// (signed-out pages, onboarding, not found, server unreachable).
import type { ReactNode } from 'react'
import { BRAND_MARK_URL } from './brand-mark.ts'

export function CardPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-8 sm:px-6">
      <div className="mb-6 flex items-center gap-3">
        <img src={BRAND_MARK_URL} alt="" width={40} height={40} className="h-10 w-10" />
        <span className="text-2xl font-bold text-slate-900 dark:text-white">Fleetyard</span>
      </div>
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-strokedark dark:bg-boxdark">
        {children}
      </div>
    </main>
  )
}
