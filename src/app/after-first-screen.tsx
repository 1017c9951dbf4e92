// Renders its children once the first screen is up (first-screen.ts), lazy ones inside a Suspense with
// no fallback. Each use subscribes on its own, so each appears in a task of its own and re-renders
// nothing around it.
import { Suspense, type ReactNode } from 'react'
import { useFirstScreenShown } from './first-screen.ts'

export function AfterFirstScreen({ children }: { children: ReactNode }) {
  if (!useFirstScreenShown()) return null
  return <Suspense fallback={null}>{children}</Suspense>
}
