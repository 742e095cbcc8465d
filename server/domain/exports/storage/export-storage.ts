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
  keep(key: string, localPath: string, file: { bytes: number, sha256Hex: string }): Promise<void>
  /** The stored bytes at `key`, streamed. */
  read(key: string): Promise<Readable>
  /** Removes `key`; one already gone is no fault. */
  remove(key: string): Promise<void>
}

let configured: ExportStorage | undefined

/**
 * The store the environment names, read once: an S3-compatible bucket when `EXPORTS_S3_URL` is set
 * (`https://ACCESS_KEY:SECRET@host/bucket?region=…`), otherwise the folder `EXPORTS_DIR` (default
 * `.data/exports`).
 */
export function configuredExportStorage(env: NodeJS.ProcessEnv = process.env): ExportStorage {
  configured ??= env.EXPORTS_S3_URL
    ? s3BucketStorage(env.EXPORTS_S3_URL, env.EXPORTS_SCRATCH_DIR)
    : localFolderStorage(env.EXPORTS_DIR || '.data/exports')
  return configured
}
