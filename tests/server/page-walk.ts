// Reads a server-paged list to its end, following each page's nextCursor, so a test can check that the
// pages together hold every row exactly once and in order.
import { expect } from 'vitest'
import type { Page } from '../../core/contract/paging.ts'
import type { TestContext } from './harness.ts'

export interface Walked<T> {
  items: T[]
  /** Each page's `total`: the same number on every page. */
  totals: number[]
  pageSizes: number[]
}

/** Every page of `path` (which may carry filters) at `limit` rows a page, as `token`. */
export async function walkPages<T>(ctx: TestContext, path: string, token: string, limit: number): Promise<Walked<T>> {
  const walked: Walked<T> = { items: [], totals: [], pageSizes: [] }
  const separator = path.includes('?') ? '&' : '?'
  let cursor: string | null = null
  do {
    const response = await ctx.call('GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { token })
    expect({ status: response.status, body: response.body }, `${path}`).toMatchObject({ status: 200 })
    const page = response.body as Page<T>
    expect(page.items.length, `${path}: a page holds at most limit rows`).toBeLessThanOrEqual(limit)
    walked.items.push(...page.items)
    walked.totals.push(page.total)
    walked.pageSizes.push(page.items.length)
    cursor = page.nextCursor
    // A safety stop, so a cursor that never advances fails the test instead of hanging it.
    expect(walked.pageSizes.length, `${path}: too many pages`).toBeLessThan(1000)
  } while (cursor !== null)
  return walked
}
