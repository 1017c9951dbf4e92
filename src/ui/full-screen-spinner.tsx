/** Shown while the stored session is restored (spec §2 "App shell"). */
export function FullScreenSpinner() {
  return (
    <div className="flex h-screen items-center justify-center" role="status" aria-label="Loading">
      <div className="h-16 w-16 animate-spin rounded-full border-4 border-solid border-primary border-t-transparent" />
    </div>
  )
}
