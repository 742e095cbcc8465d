/**
 * Waits, if need be, so that `seconds` of work fit inside one clock minute (the rate-limit window),
 * starting no earlier than `notBefore` seconds into it.
 */
export async function fitInOneMinute(seconds: number, { notBefore = 0 } = {}) {
  const intoMinute = (Date.now() % 60_000) / 1000
  if (intoMinute + seconds > 59) await new Promise(r => setTimeout(r, (60 - intoMinute + notBefore) * 1000 + 50))
  else if (intoMinute < notBefore) await new Promise(r => setTimeout(r, (notBefore - intoMinute) * 1000 + 50))
}

const minuteNow = () => Math.floor(Date.now() / 60_000)

/**
 * Runs `attempt` inside one clock minute, so that a rate limit's window holds all of it. `seconds` is what it
 * takes on a quiet machine: it starts where that fits (fitInOneMinute). When the minute turned while it ran
 * (a loaded machine took longer), its answers span two windows and say nothing: it runs again, from the
 * start of the next minute (up to three times), so the verdict never depends on the machine's speed (issue 45).
 * `attempt` must be whole on its own: a fresh caller (token, address) each time, since the counts of the
 * attempt that crossed are in the new window too.
 */
export async function inOneMinute<T>(seconds: number, attempt: () => Promise<T>, { notBefore = 0, tries = 3 } = {}): Promise<T> {
  for (let tried = 1; ; tried++) {
    await fitInOneMinute(tried === 1 ? seconds : 59 - notBefore, { notBefore })
    const minute = minuteNow()
    const result = await attempt()
    if (minuteNow() === minute || tried === tries) return result
  }
}
