// `npm run bench [part]`: runs the benchmarks under bench/, each printing its figures.
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const wanted = process.argv[2]
const parts = readdirSync(new URL('../bench', import.meta.url))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => !wanted || name === wanted)
if (parts.length === 0) {
  console.error(wanted ? `No benchmark named ${wanted}.` : 'No benchmarks yet.')
  process.exit(wanted ? 1 : 0)
}
for (const part of parts) {
  console.log(`\n== ${part}`)
  const result = spawnSync('npx', ['tsx', `bench/${part}.bench.ts`], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
