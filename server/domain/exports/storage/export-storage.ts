import type { Readable } from 'node:stream'
import { localFolderStorage } from './local-folder-storage'
import { s3BucketStorage } from './s3-bucket-storage'

/**
 * Where finished export files live. A file is written whole to `scratch` first (a local folder),
 * then handed over with `keep`; only then is it listed, so a reader never sees half a file.
 */
export interface ExportStorage {
  /** Describes the store for logs and the CLI, without any secret. */
  readonly description: string
  /** A local folder for files being written; `keep` takes them from there. */
  readonly scratch: string
  /** Stores the finished local file at `key` and removes the local one; `sha256Hex` lets a bucket check what arrived. */
  keep(key: string, localPath: string, file: { bytes: number, sha256Hex: string, contentType?: string }): Promise<void>
  /** The stored bytes at `key`, streamed. */
  read(key: string): Promise<Readable>
  /** Removes `key`; one already gone is no fault. */
  remove(key: string): Promise<void>
  /**
   * A bucket's own short-lived link to the bytes at `key` (a presigned GET), which answers them as an attachment
   * under `file.fileName`, so a download need not pass through the instance. A local folder has none. The bucket is
   * asked whether it holds the key first: StoredObjectMissing or StorageUnavailable as `read` would be.
   */
  link?(key: string, file: { fileName: string, contentType: string }): Promise<string>
}

/** The store could not be reached, or answered a fault of its own (5xx): the file may be fine; ask again later. */
export class StorageUnavailable extends Error {
  override readonly name = 'StorageUnavailable'
}

/** The store answered that nothing is kept at the key. */
export class StoredObjectMissing extends Error {
  override readonly name = 'StoredObjectMissing'
}

/** How long a bucket's signed link works: long enough to follow a redirect, too short to pass on (docs/object-storage.md). */
export const signedLinkSeconds = 60

let configured: { settings: string, storage: ExportStorage } | undefined

/**
 * The store the environment names: an S3-compatible bucket when `EXPORTS_S3_URL` is set
 * (`https://ACCESS_KEY:SECRET@host/bucket?region=…`), otherwise the folder `EXPORTS_DIR` (default
 * `.data/exports`). Made once, and again only if those settings change (a test pointing the process at a bucket).
 */
export function configuredExportStorage(env: NodeJS.ProcessEnv = process.env): ExportStorage {
  const settings = JSON.stringify([env.EXPORTS_S3_URL, env.EXPORTS_SCRATCH_DIR, env.EXPORTS_DIR])
  if (configured?.settings !== settings) {
    const storage = env.EXPORTS_S3_URL
      ? s3BucketStorage(env.EXPORTS_S3_URL, env.EXPORTS_SCRATCH_DIR)
      : localFolderStorage(env.EXPORTS_DIR || '.data/exports')
    configured = { settings, storage }
  }
  return configured.storage
}
