/** The part of autocannon 8's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Result {
    requests: { total: number }
    /** Seconds. */
    duration: number
    non2xx: number
    errors: number
    timeouts: number
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void
  }
  export default function autocannon(options: {
    url: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
    pipelining?: number
    /** Each client sends these in turn; `setupRequest` may change a request (its path) just before it leaves. */
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[]
  }): Instance
}
