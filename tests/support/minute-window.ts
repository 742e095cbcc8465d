/** Waits, if need be, so that `seconds` of work fit inside one clock minute (the rate-limit window). */
export async function fitInOneMinute(seconds: number) {
  const intoMinute = (Date.now() % 60_000) / 1000
  if (intoMinute + seconds > 59) await new Promise(r => setTimeout(r, (60 - intoMinute) * 1000 + 50))
}
