// The part of autocannon's API the api benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Requests to send in all; overrides `duration`. */
    amount?: number
    /** Seconds to wait for an answer before counting a timeout (default 10). */
    timeout?: number
    headers?: Record<string, string>
    method?: string
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    max: number
    min: number
    total: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  interface Instance {
    /** Each response: its status, its size and its latency in ms. */
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance
  }
  export type { Result }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
