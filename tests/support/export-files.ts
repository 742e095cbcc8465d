import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localFolderStorage } from '../../server/domain/exports/storage/local-folder-storage'
import type { ExportStorage } from '../../server/domain/exports/storage/export-storage'

/** A storage folder of the test's own. */
export function testExportStorage(): ExportStorage {
  return localFolderStorage(mkdtempSync(join(tmpdir(), 'rollbook-exports-test-')))
}

/** A stored file's text and the checksum of its bytes. */
export async function storedFile(storage: ExportStorage, key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer)
  const bytes = Buffer.concat(chunks)
  return { text: bytes.toString('utf8'), checksum: `sha256:${createHash('sha256').update(bytes).digest('hex')}` }
}

export const readText = (path: string) => readFile(path, 'utf8')
