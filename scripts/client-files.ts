/**
 * The generated files of the TypeScript client (clients/typescript), made from the OpenAPI document as the
 * server serves it: `npm run client:generate` writes them, and tests/e2e/client/generated.test.ts fails
 * when the committed ones differ from what the current document makes.
 */
import { join } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'

export const clientSourceDir = 'clients/typescript/src'

const header = (what: string) => `/**
 * ${what}
 * Generated from /_openapi.json by \`npm run client:generate\` (scripts/client-files.ts): do not edit.
 */
`

const cursorParameters = ['cursor', 'after']

/**
 * What the hand-written layer needs to know of each operation at run time, which the types alone cannot
 * tell it: whether it honours `Idempotency-Key`, and for a list, the query parameter its `nextCursor` goes
 * back in.
 */
function operationTableSource(document: any) {
  const resolve = (value: any) => value?.$ref ? value.$ref.slice(2).split('/').reduce((node: any, key: string) => node?.[key], document) : value
  const rows = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []).map(resolve)
      const success = Object.entries(operation.responses as Record<string, any>).find(([status]) => status.startsWith('2'))?.[1]
      const answer = resolve(success?.content?.['application/json']?.schema)
      const listed = answer?.properties?.items && answer?.properties?.nextCursor
      const cursor = listed ? parameters.find((parameter: any) => parameter.in === 'query' && cursorParameters.includes(parameter.name))?.name : undefined
      return {
        operationId: operation.operationId as string,
        method,
        path,
        idempotent: parameters.some((parameter: any) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
        ...(cursor ? { cursor } : {})
      }
    }))
  return `${header('Every operation of the Rollbook API, for the client\'s run time: its method, path, `Idempotency-Key`, and a list\'s cursor parameter.')}
export const operationTable = [
${rows.map(row => `  { ${Object.entries(row).map(([key, value]) => `${key}: ${typeof value === 'string' ? `'${value}'` : value}`).join(', ')} }`).join(',\n')}
] as const
`
}

/** The client's generated files, by path from the project root, for the given OpenAPI document. */
export async function generatedClientFiles(document: any): Promise<Record<string, string>> {
  const types = astToString(await openapiTS(document, { silent: true }))
  return {
    [join(clientSourceDir, 'schema.d.ts')]: `${header('The types of the Rollbook API (openapi-typescript).')}\n${types}`,
    [join(clientSourceDir, 'operations.ts')]: operationTableSource(document)
  }
}
