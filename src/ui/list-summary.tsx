// The line above a server-paged list: how many rows are loaded of how many the list holds ('Showing 50
// of 10,000 units'), or, while the server cannot be reached, that the list shows only what this device
// saved. A polite live region, so a screen reader hears a search's result count once it settles.

export interface ListNoun {
  one: string
  many: string
}

export interface ListSummaryProps {
  shown: number
  total: number | undefined
  noun: ListNoun
  /** Offline: how many rows this device holds, and whether a search or filter narrows them. */
  offline?: { saved: number; searching: boolean } | null
}

// Counts written with a comma every three digits, as en-US does, by hand: toLocaleString builds an ICU
// number formatter on each call, and on a phone the two calls of /units's first paint took longer than
// rendering its cards (issue 12). The counts are whole and never negative.
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
const nounFor = (value: number, noun: ListNoun) => (value === 1 ? noun.one : noun.many)

export function listSummaryText({ shown, total, noun, offline }: ListSummaryProps): string {
  if (offline) {
    const saved = `${count(offline.saved)} ${nounFor(offline.saved, noun)} saved on this device`
    const matching = shown === 0 ? 'None match' : shown === 1 ? '1 matches' : `${count(shown)} match`
    return offline.searching ? `Offline — searching the ${saved}. ${matching}.` : `Offline — showing the ${saved}.`
  }
  const all = total ?? shown
  return `Showing ${count(shown)} of ${count(all)} ${nounFor(all, noun)}`
}

export function ListSummary(props: ListSummaryProps) {
  return (
    <p role="status" className={`mb-2 text-sm ${props.offline ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}>
      {listSummaryText(props)}
    </p>
  )
}
