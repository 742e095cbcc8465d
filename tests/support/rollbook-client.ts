import { inject } from 'vitest'
import { createRollbookClient, type RollbookClientOptions } from '../../clients/typescript/src/index'

/** A request the client sent, as the server received it, and its answer's status. */
export interface SentRequest {
  method: string
  url: string
  headers: Headers
  status: number
}

/**
 * The client against the shared test server, through a fetch that records every request it sends (after
 * the client's own layer: its `Idempotency-Key`, its retries). `answer` may answer a request itself.
 */
export function recordedClient(
  token: string, options: Partial<RollbookClientOptions> & { answer?: (request: Request, index: number) => Response | undefined } = {}
) {
  const sent: SentRequest[] = []
  const { answer, ...clientOptions } = options
  const client = createRollbookClient({
    baseUrl: inject('baseUrl'),
    token,
    fetch: async (request) => {
      const own = answer?.(request, sent.length)
      const response = own ?? await fetch(request)
      sent.push({ method: request.method, url: request.url, headers: request.headers, status: response.status })
      return response
    },
    ...clientOptions
  })
  return { client, sent }
}
