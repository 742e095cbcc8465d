import type { Readable } from 'node:stream'
import { domainError } from '../../shared/domain-error'
import { StorageUnavailable, StoredObjectMissing, type ExportStorage } from './export-storage'

/** A kept file as a download: the bucket's signed link where there is one, otherwise its bytes streamed through the instance. */
export type StoredFileAnswer<Type extends string = string> =
  | { fileName: string, contentType: Type, size: number, link: string }
  | { fileName: string, contentType: Type, size: number, body: Readable }

/**
 * The store's faults as the interface's answers: a store that is down is `internal` (500, "safe to retry once after a
 * delay"; the contract has no status of its own for a dependency, and the database's absence answers the same way), a
 * key it does not hold is `not_found`. Neither names the key or anything of a person.
 */
export async function fromStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof StorageUnavailable) {
      throw domainError('internal', ['The file store is not answering just now: the file is kept; try again in a few minutes.'])
    }
    if (error instanceof StoredObjectMissing) throw domainError('not_found', ['The file is no longer kept.'])
    throw error
  }
}

/** Opens a kept file for its download (a signed link or a stream), after the caller's checks have passed. */
export function openStoredFile<Type extends string>(
  storage: ExportStorage, key: string, file: { fileName: string, contentType: Type, size: number }
): Promise<StoredFileAnswer<Type>> {
  return fromStorage(async () => storage.link
    ? { ...file, link: await storage.link(key, file) }
    : { ...file, body: await storage.read(key) })
}
