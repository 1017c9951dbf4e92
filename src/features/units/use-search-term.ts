// The search box's text, kept in the URL (`searchTerm`) without making typing wait for the router:
// the box answers every keystroke from local state and the URL is written once typing pauses. A URL
// change the box did not make (back/forward, a shared link) replaces the text.
import { useEffect, useRef, useState } from 'react'

const URL_WRITE_DELAY_MS = 250

export function useSearchTerm(urlValue: string | undefined, writeUrl: (value: string | undefined) => void): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue ?? '')
  const written = useRef(urlValue ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    const fromUrl = urlValue ?? ''
    if (fromUrl === written.current) return
    clearTimeout(timer.current)
    written.current = fromUrl
    setText(fromUrl)
  }, [urlValue])

  useEffect(() => () => clearTimeout(timer.current), [])

  const change = (next: string) => {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      written.current = next
      // This render's writer: it updates the search functionally, so a newer one would do the same.
      writeUrl(next === '' ? undefined : next)
    }, URL_WRITE_DELAY_MS)
  }
  return [text, change]
}
