// The top of a management screen: its heading and, on the right, its main actions.
import type { ReactNode } from 'react'

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-3">{children}</div>}
    </div>
  )
}

/** The padding every signed-in screen sits in. */
export const SCREEN_CLASS = 'mx-auto w-full max-w-7xl p-4 md:p-6'
