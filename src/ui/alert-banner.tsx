// The red inline error banner of spec §8 (sign-in, sign-up, reset, set-password, forms). role=alert so
// the message is announced the moment it appears.
export function AlertBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div
      role="alert"
      className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm font-medium text-red-700 dark:bg-red-950/40 dark:text-red-300"
    >
      {message}
    </div>
  )
}
