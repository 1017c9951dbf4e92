// The header's user menu (spec §2 "User menu"), a WAI-ARIA menu button: Enter, Space or ArrowDown open
// it with focus on the first item, arrows/Home/End move, Escape closes and returns focus to the button;
// it also closes on an outside click, on Tab and on any route change.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ChevronDownIcon, LogOutIcon } from './layout-icons.tsx'
import { userMenuLinks } from './nav-items.ts'
import { t } from '../../i18n/translate.ts'

type FocusTarget = 'first' | 'last'

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-200 dark:hover:bg-slate-700 dark:focus:bg-slate-700 data-[status=active]:font-semibold data-[status=active]:text-primary dark:data-[status=active]:text-white'

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
}

export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false)
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first')
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Logout's question about unsent changes, answered in a dialog: the message and how to answer it.
  const [unsentQuestion, setUnsentQuestion] = useState<{ message: string; answer: (logOutAnyway: boolean) => void } | null>(null)

  // Closing on a route change is derived during render, so even back/forward buttons close it.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const items = menuItemsOf(menuRef.current)
    ;(focusTarget === 'first' ? items[0] : items.at(-1))?.focus()
  }, [open, focusTarget])

  useEffect(() => {
    if (!open) return
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer)
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer)
  }, [open])

  const openMenu = (target: FocusTarget) => {
    setFocusTarget(target)
    setOpen(true)
  }

  const closeAndReturnFocus = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last')
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      closeAndReturnFocus()
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItemsOf(menuRef.current)
    const current = items.indexOf(document.activeElement as HTMLElement)
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusAt(current + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        focusAt(current - 1)
        break
      case 'Home':
        event.preventDefault()
        focusAt(0)
        break
      case 'End':
        event.preventDefault()
        focusAt(items.length - 1)
        break
      case 'Escape':
        event.preventDefault()
        closeAndReturnFocus()
        break
      case 'Tab':
        // Focus moves on past the menu in page order; the menu does not stay open behind it.
        setOpen(false)
        break
    }
  }

  const onLogOut = async () => {
    setOpen(false)
    // Loaded when used: the outbox's database code stays off the first screen's path.
    const { logOut } = await import('../../outbox/log-out.ts')
    await logOut({
      queryClient,
      goToSignIn: () => navigate({ to: '/signin', replace: true }),
      confirmUnsent: (message) =>
        new Promise<boolean>((resolve) =>
          setUnsentQuestion({
            message,
            answer: (logOutAnyway) => {
              setUnsentQuestion(null)
              resolve(logOutAnyway)
            },
          }),
        ),
    })
  }

  const fullName = `${user.details.firstName} ${user.details.lastName}`.trim()

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('User menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-1 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Avatar src={user.details.avatar} alt="" />
        <ChevronDownIcon className={`h-4 w-4 text-slate-500 transition-transform dark:text-slate-400 ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div className="absolute right-0 top-full z-40 mt-3 w-64 overflow-hidden rounded-lg border border-slate-200 bg-white py-2 shadow-lg dark:border-strokedark dark:bg-boxdark">
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 pb-3 pt-1 dark:border-strokedark">
            <Avatar src={user.details.avatar} alt="" className="h-11 w-11" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{fullName}</p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.details.email}</p>
            </div>
          </div>
          <ul ref={menuRef} id={menuId} role="menu" aria-label={t('User menu')} className="py-1" onKeyDown={onMenuKeyDown}>
            {userMenuLinks(user.role?.name).map((item) => (
              <li key={item.to} role="none">
                <Link to={item.to} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li role="none" className="mt-1 border-t border-slate-200 pt-1 dark:border-strokedark">
              <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => void onLogOut()}>
                <LogOutIcon className="h-4 w-4" />
                {t('Log Out')}
              </button>
            </li>
          </ul>
        </div>
      )}
      {unsentQuestion && (
        <ConfirmDialog
          title={t('Log Out')}
          message={unsentQuestion.message}
          confirmLabel={t('Log Out')}
          onConfirm={() => unsentQuestion.answer(true)}
          onCancel={() => unsentQuestion.answer(false)}
        />
      )}
    </div>
  )
}
