// Line icons of the app shell, drawn inline so the shell needs no icon font or extra request.
import type { ReactNode } from 'react'
import type { NavIconName } from './nav-items.ts'

function Svg({ children, className = 'h-5 w-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  switch (name) {
    case 'defects':
      return (
        <Svg className={className}>
          <path d="M12 3.5 2.8 19.5h18.4z" />
          <path d="M12 9.5v4.5" />
          <path d="M12 16.8v.2" />
        </Svg>
      )
    case 'drivers':
      return (
        <Svg className={className}>
          <circle cx="9" cy="8" r="3.2" />
          <path d="M3 19.5c0-3.3 2.7-6 6-6s6 2.7 6 6" />
          <circle cx="17" cy="9" r="2.4" />
          <path d="M16.5 13.6c2.6.2 4.5 2.3 4.5 4.9" />
        </Svg>
      )
    case 'units':
      return (
        <Svg className={className}>
          <path d="M2.5 6h11v10h-11z" />
          <path d="M13.5 9.5h4l3.5 3.5v3h-7.5" />
          <circle cx="7" cy="17.5" r="1.8" />
          <circle cx="17" cy="17.5" r="1.8" />
        </Svg>
      )
    case 'documents':
      return (
        <Svg className={className}>
          <path d="M7 3h7l5 5v13H7z" />
          <path d="M14 3v5h5" />
          <path d="M10 13h6M10 17h6" />
        </Svg>
      )
    case 'profile':
      return (
        <Svg className={className}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
        </Svg>
      )
  }
}

export function MenuIcon() {
  return (
    <Svg>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  )
}

export function CloseIcon() {
  return (
    <Svg>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  )
}

export function SunIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </Svg>
  )
}

export function MoonIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M20.5 13.2A8.5 8.5 0 1 1 10.8 3.5a6.6 6.6 0 0 0 9.7 9.7z" />
    </Svg>
  )
}

export function ChevronDownIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  )
}

export function LogOutIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="M10 17l5-5-5-5M15 12H3" />
    </Svg>
  )
}
