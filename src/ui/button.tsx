// The app's button: primary (filled) or secondary (outlined); `pending` disables it and shows a spinner
// so a slow request can't be sent twice.
import type { ButtonHTMLAttributes } from 'react'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  pending?: boolean
  variant?: 'primary' | 'secondary'
}

const variants = {
  primary: 'border-primary bg-primary text-white hover:bg-primary/90',
  secondary:
    'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-strokedark dark:bg-boxdark dark:text-slate-100 dark:hover:bg-boxdark-2',
}

export function Button({ pending = false, variant = 'primary', disabled, className = '', children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      // The default is 'button' so a button inside a form never submits by accident.
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border px-5 py-3 font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`}
      {...rest}
    >
      {pending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {children}
    </button>
  )
}
