import { callApi } from './api'

export interface DocumentedOperation {
  method: string
  /** As the document writes it, under its server's base path: `/people/{id}`. */
  path: string
  /** The path of the document's server (`/api/v1`), which every operation's path follows. */
  basePath: string
  operation: any
}

/**
 * Every operation `/_openapi.json` publishes (or, in test mode, `/_app-openapi.json` describes), so a
 * test over them covers routes added later too.
 */
export async function documentedOperations(
  baseUrl?: string, documentPath: '/_openapi.json' | '/_app-openapi.json' = '/_openapi.json'
): Promise<DocumentedOperation[]> {
  const document = (await callApi(documentPath, { baseUrl })).body
  const basePath = new URL(document.servers?.[0]?.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '')
  return Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, basePath, operation })))
}

/** The operation's request path, each path parameter filled by `fill` (an id of the right shape by default). */
export function requestPath(operation: DocumentedOperation, fill: (name: string) => string = () => 'per_0k3v9x2m7q1w8e4r6t5y'): string {
  return `${operation.basePath}${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fill(name)))}`
}
