/** A small number pill beside a nav label; renders nothing for null or zero (spec §2: only > 0 shows). */
export function CountBadge({ count }: { count: number | null | undefined }) {
  if (count == null || count <= 0) return null
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold leading-4 text-white">
      {count}
    </span>
  )
}
