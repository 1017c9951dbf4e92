// Labelled form controls: the label is tied to its control by id, and an error (if any) is announced
// and linked through aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

const controlClass =
  'w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 outline-none transition placeholder:text-slate-500 focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 read-only:bg-slate-100 disabled:bg-slate-100 dark:border-strokedark dark:bg-boxdark-2 dark:text-white dark:read-only:bg-boxdark dark:disabled:bg-boxdark'

interface FieldFrameProps {
  id: string
  label: string
  error?: string | null
  children: ReactNode
}

function FieldFrame({ id, label, error, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-slate-800 dark:text-white">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string | null
}

export function TextField({ label, error, id, className = '', ...input }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldFrame id={inputId} label={label} error={error}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`${controlClass} ${className}`}
        {...input}
      />
    </FieldFrame>
  )
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  error?: string | null
}

export function SelectField({ label, error, id, className = '', children, ...select }: SelectFieldProps) {
  const autoId = useId()
  const selectId = id ?? autoId
  return (
    <FieldFrame id={selectId} label={label} error={error}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={`${controlClass} ${className}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  )
}
