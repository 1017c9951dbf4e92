const TONES = {
  count: 'bg-primary text-white',
  waiting: 'bg-amber-400 text-slate-900',
}

/**
 * A small number pill beside a nav label; renders nothing for null or zero (spec §2: only > 0 shows).
 * `label` says what the number counts to a screen reader ('2 requests to join').
 */
export function CountBadge({ count, tone = 'count', label }: { count: number | null | undefined; tone?: keyof typeof TONES; label?: string }) {
  if (count == null || count <= 0) return null
  return (
    <span className={`inline-flex min-w-6 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold leading-4 ${TONES[tone]}`}>
      {label ? (
        <>
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{label}</span>
        </>
      ) : (
        count
      )}
    </span>
  )
}
