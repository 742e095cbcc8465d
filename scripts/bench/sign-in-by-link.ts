/** A session cookie for a one-time sign-in link the admin CLI printed, signed in at `serverUrl`. */
export async function signInByLink(serverUrl: string, link: string): Promise<string> {
  // The CLI that made the link may have blocked this process for seconds: a pooled connection the server closed
  // as idle meanwhile is only seen closed once the event loop reads its end, so let it, or fetch reuses it.
  await new Promise(done => setImmediate(done))
  const token = new URL(link).searchParams.get('token')
  const send = () => fetch(
    `${serverUrl}/api/app/session/link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }
  )
  // On a loaded machine that turn is not always enough (30 November, load 10 to 16): a request that met a closed
  // connection never reached the server, so sending it once more on a new one cannot use the link twice.
  const answer = await send().catch((error: { cause?: { code?: string } }) => {
    if (error.cause?.code !== 'UND_ERR_SOCKET') throw error
    return send()
  })
  const cookie = answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))
  if (!answer.ok || !cookie) throw new Error(`Signing in by link answered ${answer.status}: ${await answer.text()}`)
  return cookie.split(';')[0]!
}
