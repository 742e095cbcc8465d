/**
 * Waits, if need be, so that `seconds` of work fit inside one clock minute (the rate-limit window),
 * starting no earlier than `notBefore` seconds into it.
 */
export async function fitInOneMinute(seconds: number, { notBefore = 0 } = {}) {
  const intoMinute = (Date.now() % 60_000) / 1000
  if (intoMinute + seconds > 59) await new Promise(r => setTimeout(r, (60 - intoMinute + notBefore) * 1000 + 50))
  else if (intoMinute < notBefore) await new Promise(r => setTimeout(r, (notBefore - intoMinute) * 1000 + 50))
}
