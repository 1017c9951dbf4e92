// The small row-action buttons of the management tables (edit, delete, open, checklist). The label
// is the accessible name and the tooltip, since the button shows only an icon.
import type { ButtonHTMLAttributes } from 'react'

const ACTION_PATHS = {
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  open: 'M4 6h16M4 12h16M4 18h10M18 15l3 3-3 3',
  checklist: 'M4 6l2 2 3-3M4 13l2 2 3-3M12 7h8M12 14h8M4 20h16',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
} as const

export type ActionIcon = keyof typeof ACTION_PATHS

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string
  icon: ActionIcon
  tone?: 'default' | 'danger'
}

export function IconButton({ label, icon, tone = 'default', className = '', type = 'button', ...rest }: IconButtonProps) {
  const colours =
    tone === 'danger'
      ? 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50'
      : 'text-slate-600 hover:bg-slate-100 hover:text-primary dark:text-slate-300 dark:hover:bg-boxdark-2'
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50 ${colours} ${className}`}
      {...rest}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5">
        <path d={ACTION_PATHS[icon]} />
      </svg>
    </button>
  )
}
