// A search longer than the API takes (`q`, 200 characters) cannot be typed or pasted: the box keeps the
// first 200, so the list never answers with the API's developer-facing refusal.
import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { expect, test } from 'vitest'
import { SEARCH_MAX_LENGTH } from '../../../core/contract/search-text.ts'
import { SearchBox } from '../../../src/ui/search-box.tsx'

function Searching() {
  const [value, setValue] = useState('')
  return <SearchBox value={value} onChange={setValue} placeholder="Search units" />
}

test('the search box holds at most the API’s longest search', () => {
  render(<Searching />)
  const box = screen.getByLabelText<HTMLInputElement>('Search units')
  expect(box.maxLength).toBe(SEARCH_MAX_LENGTH)
  expect(SEARCH_MAX_LENGTH).toBe(200)
})
