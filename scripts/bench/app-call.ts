/** A call to the screens' API (`/api/app`) with a staff session's cookie, as the bench's setup steps make them: a GET, or a POST (or `method`) of JSON. */
export async function appCall(serverUrl: string, cookie: string, path: string, body?: unknown, method?: 'PUT'): Promise<any> {
  const answer = await fetch(serverUrl + path, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
  return answer.json()
}
