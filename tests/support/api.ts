import { inject } from 'vitest'

export interface ApiAnswer<T = any> {
  status: number
  headers: Headers
  body: T
}

export interface ApiRequest {
  token?: string
  method?: string
  body?: unknown
  headers?: Record<string, string>
  baseUrl?: string
}

/** Calls the running server and returns status, headers and the parsed body. */
export async function callApi<T = any>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...request.headers }
  if (request.token) headers.authorization = `Bearer ${request.token}`
  if (request.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json'
  const response = await fetch(`${request.baseUrl ?? inject('baseUrl')}${path}`, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, headers: response.headers, body: body as T }
}
