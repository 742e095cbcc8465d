/** A session cookie for a one-time sign-in link the admin CLI printed, signed in at `serverUrl`. */
export async function signInByLink(serverUrl: string, link: string): Promise<string> {
  // The CLI that made the link may have blocked this process for seconds: a pooled connection the server closed
  // as idle meanwhile is only seen closed once the event loop reads its end, so let it, or fetch reuses it.
  await new Promise(done => setImmediate(done))
  const token = new URL(link).searchParams.get('token')
  const answer = await fetch(
    `${serverUrl}/api/app/session/link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }
  )
  const cookie = answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))
  if (!answer.ok || !cookie) throw new Error(`Signing in by link answered ${answer.status}: ${await answer.text()}`)
  return cookie.split(';')[0]!
}
