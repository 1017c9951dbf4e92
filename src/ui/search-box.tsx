// A labelled search input (the label is the placeholder text, read by screen readers only).
import { useId } from 'react'
import { SEARCH_MAX_LENGTH } from '../../core/contract/search-text.ts'

export interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
  placeholder: string
  className?: string
}

export function SearchBox({ value, onChange, placeholder, className = '' }: SearchBoxProps) {
  const id = useId()
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
      >
        <circle cx={11} cy={11} r={7} />
        <path d="M20 20l-4-4" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
      />
    </div>
  )
}
