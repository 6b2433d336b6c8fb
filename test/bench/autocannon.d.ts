/** The part of autocannon 8 the listener bench uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }

  interface AutocannonRequest extends RequestParams {
    /** Called before each request is built; what it returns is sent (falsy: the list starts over). */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void
  }

  interface Options {
    url: string
    connections?: number
    pipelining?: number
    /** Stop after this many requests in all. */
    amount?: number
    /** Seconds without an answer before a request counts as a timeout. */
    timeout?: number
    requests?: AutocannonRequest[]
  }

  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  interface Result {
    duration: number
    errors: number
    timeouts: number
    resets: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { sent: number }
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
