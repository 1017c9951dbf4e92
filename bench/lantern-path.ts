/**
 * Rebuilds Lighthouse's simulated LCP from a saved run (BENCH_LIGHTHOUSE_TRACES=1) and prints what it is
 * made of: each node of the optimistic and pessimistic graphs with its simulated start and end, so a change
 * can be aimed at the path that sets the figure instead of at what merely looks large in a trace.
 *
 *   npx tsx bench/lantern-path.ts <reports dir>/<report name>
 *
 * LANTERN_DROP=<regex> leaves out the requests whose URL matches, as a what-if: what the figure would be
 * had the page not asked for them.
 */
import { readFileSync } from 'node:fs'
// Lighthouse's internal modules: not its public API, but typed.
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js'
import * as constants from 'lighthouse/core/config/constants.js'

interface LanternNode {
  type: 'network' | 'cpu'
  id: string
  request?: { url: string; transferSize: number; resourceType?: string }
  event?: { dur?: number }
  childEvents?: { name: string; args?: { data?: { url?: string } } }[]
}
interface Timing {
  startTime: number
  endTime: number
}
interface Estimate {
  timeInMs: number
  nodeTimings: Map<LanternNode, Timing>
}

const base = process.argv[2]
if (!base) throw new Error('usage: tsx bench/lantern-path.ts <reports dir>/<report name>')
const report = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { requestedUrl: string; finalDisplayedUrl: string }
const trace = JSON.parse(readFileSync(`${base}.trace.json`, 'utf8')) as unknown
const fullLog = JSON.parse(readFileSync(`${base}.devtoolslog.json`, 'utf8')) as { method: string; params: { requestId?: string; request?: { url: string } } }[]
const drop = process.env.LANTERN_DROP ? new RegExp(process.env.LANTERN_DROP) : null
const dropped = new Set(
  fullLog.filter((entry) => drop && entry.method === 'Network.requestWillBeSent' && drop.test(entry.params.request?.url ?? '')).map((entry) => entry.params.requestId),
)
let devtoolsLog = fullLog.filter((entry) => !entry.params.requestId || !dropped.has(entry.params.requestId))
if (drop) console.log(`left out ${dropped.size} requests matching ${drop}`)
// LANTERN_MERGE=<regex>=><regex>: the first's requests left out and their bytes added to the second's
// request, as if one file held both.
const merge = process.env.LANTERN_MERGE?.split('=>').map((part) => new RegExp(part))
if (merge?.length === 2) {
  const [from, into] = merge as [RegExp, RegExp]
  const urlOf = new Map(devtoolsLog.filter((entry) => entry.method === 'Network.requestWillBeSent').map((entry) => [entry.params.requestId, entry.params.request?.url ?? '']))
  const finished = (entry: (typeof devtoolsLog)[number]) => entry.method === 'Network.loadingFinished'
  const moved = devtoolsLog
    .filter((entry) => finished(entry) && from.test(urlOf.get(entry.params.requestId) ?? ''))
    .reduce((sum, entry) => sum + ((entry.params as { encodedDataLength?: number }).encodedDataLength ?? 0), 0)
  const gone = new Set([...urlOf].filter(([, url]) => from.test(url)).map(([id]) => id))
  const target = [...urlOf].find(([, url]) => into.test(url))?.[0]
  devtoolsLog = devtoolsLog
    .filter((entry) => !entry.params.requestId || !gone.has(entry.params.requestId))
    .map((entry) =>
      finished(entry) && entry.params.requestId === target
        ? { ...entry, params: { ...entry.params, encodedDataLength: ((entry.params as { encodedDataLength?: number }).encodedDataLength ?? 0) + moved } }
        : entry,
    )
  console.log(`merged ${gone.size} requests (${(moved / 1024).toFixed(1)} KB) into ${urlOf.get(target)}`)
}

const settings = { ...constants.defaultSettings, formFactor: 'mobile', throttlingMethod: 'simulate' }
// The saved files are Lighthouse's own artifacts read back from JSON, so their shape is its types'.
type MetricInput = Parameters<typeof LanternLargestContentfulPaint.request>[0]
type MetricContext = Parameters<typeof LanternLargestContentfulPaint.request>[1]
const data = {
  trace,
  devtoolsLog,
  settings,
  gatherContext: { gatherMode: 'navigation' },
  simulator: null,
  URL: { requestedUrl: report.requestedUrl, mainDocumentUrl: report.finalDisplayedUrl, finalDisplayedUrl: report.finalDisplayedUrl },
  SourceMaps: [],
} as unknown as MetricInput
const context = { computedCache: new Map(), settings } as unknown as MetricContext
const result = (await LanternLargestContentfulPaint.request(data, context)) as unknown as {
  timing: number
  optimisticEstimate: Estimate
  pessimisticEstimate: Estimate
}

const simulator = (await LoadSimulator.request(data, context)) as unknown as { options: { serverResponseTimeByOrigin: Map<string, number>; additionalRttByOrigin: Map<string, number> } }
// Lantern adds the origin's median observed server time to every simulated request, so a slow API raises
// the time of every file from the same origin.
for (const [origin, time] of simulator.options.serverResponseTimeByOrigin) {
  console.log(`server response time ${origin}: ${time.toFixed(1)} ms (extra RTT ${simulator.options.additionalRttByOrigin.get(origin)?.toFixed(1)} ms)`)
}

function label(node: LanternNode): string {
  if (node.type === 'network' && node.request) {
    const url = node.request.url.replace(/^https?:\/\/[^/]+/, '')
    return `net ${url.slice(0, 70)} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
  }
  const names = new Set((node.childEvents ?? []).map((event) => event.name))
  const scripts = (node.childEvents ?? [])
    .filter((event) => event.name === 'EvaluateScript' || event.name === 'v8.compile')
    .map((event) => event.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '') ?? '')
    .filter(Boolean)
  const what = [...names].filter((name) => ['EvaluateScript', 'Layout', 'Paint', 'ParseHTML', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.compile'].includes(name))
  return `cpu ${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms observed [${what.join(',')}] ${scripts.slice(0, 2).join(' ')}`
}

for (const [name, estimate] of [
  ['optimistic', result.optimisticEstimate],
  ['pessimistic', result.pessimisticEstimate],
] as const) {
  console.log(`\n== ${name}: ${estimate.timeInMs.toFixed(0)} ms`)
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)
  for (const [node, timing] of rows) {
    console.log(`${timing.startTime.toFixed(0).padStart(6)} → ${timing.endTime.toFixed(0).padStart(6)}  ${label(node)}`)
  }
}
console.log(`\nLCP ${result.timing.toFixed(0)} ms`)
