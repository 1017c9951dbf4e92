// A checkbox with its label beside it, clickable as one.
import { useId, type InputHTMLAttributes } from 'react'

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string
}

export function CheckboxField({ label, id, className = '', ...input }: CheckboxFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <input id={inputId} type="checkbox" className="h-5 w-5 rounded border-slate-300 accent-primary" {...input} />
      <label htmlFor={inputId} className="font-medium text-slate-800 dark:text-white">
        {label}
      </label>
    </div>
  )
}
