import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { projectRoot } from '../../support/server-process'
import { generatedClientFiles } from '../../../scripts/client-files'

describe('the TypeScript client\'s generated files', () => {
  it('are what the current /_openapi.json generates (else: npm run client:generate, and commit)', async () => {
    const files = await generatedClientFiles((await callApi('/_openapi.json')).body)
    expect(Object.keys(files).sort()).toEqual(['clients/typescript/src/operations.ts', 'clients/typescript/src/schema.d.ts'])
    for (const [path, text] of Object.entries(files)) {
      expect(readFileSync(join(projectRoot, path), 'utf8'), `${path} differs from what the document generates: run npm run client:generate`).toBe(text)
    }
  }, 30_000)
})
