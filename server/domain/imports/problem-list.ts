/** At most this many problems (or unreadable lines) are listed in an answer; the rest are counted. */
export const maxListedProblems = 1000

/** The longest value a reason quotes from the file, in characters; a longer one is cut with an ellipsis. */
const maxQuotedValue = 100

/** A value of the file as a reason quotes it: a line of megabytes must not come back whole, and up to a thousand times. */
export function quotedValue(value: string): string {
  return value.length > maxQuotedValue ? `${value.slice(0, maxQuotedValue)}…` : value
}

/**
 * The first problems of a file, in the order they come, and the count of all of them. Listing stops
 * at `maxListedProblems` or when the listed ones' JSON would pass `maxBytes`, so an answer stays small
 * however bad the file; what is not listed is only counted, and not kept.
 */
export class ProblemList<T> {
  readonly listed: T[] = []
  total = 0
  private bytes = 0
  private full = false

  constructor(private readonly maxBytes: number) {}

  add(problem: T): void {
    this.total++
    if (this.full) return
    const size = Buffer.byteLength(JSON.stringify(problem)) + 1
    if (this.listed.length >= maxListedProblems || this.bytes + size > this.maxBytes) {
      this.full = true
      return
    }
    this.listed.push(problem)
    this.bytes += size
  }

  get notListed(): number {
    return this.total - this.listed.length
  }
}
