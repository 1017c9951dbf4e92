// Vitest global setup for `npm run test:pg`: a temp PostgreSQL cluster for the whole run (or the one
// TEST_DATABASE_URL already names, e.g. a CI service), with the migrated template every test database is
// copied from. Test workers start after this and inherit TEST_DATABASE_URL from this process.
import { prepareTemplate } from './test-databases.ts'
import { startTempCluster } from './temp-cluster.ts'

export default async function setup(): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL
  const cluster = given ? null : await startTempCluster()
  const url = given ?? cluster!.url
  process.env.TEST_DATABASE_URL = url
  console.log(`PostgreSQL for tests: ${url}${cluster ? ' (temp cluster)' : ''}`)
  try {
    await prepareTemplate(url)
  } catch (error) {
    await cluster?.stop()
    throw error
  }
  return async () => {
    await cluster?.stop()
  }
}
