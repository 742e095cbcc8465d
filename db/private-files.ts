/**
 * Files only Rollbook can read (docs/operations.md, "File modes"): the database and its companions,
 * backups and export files are the account's own (0600) in folders of its own (0700). Each place
 * that makes one says so explicitly; the process umask (`keepNewFilesPrivate`) covers the rest.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'

export const privateFileMode = 0o600
export const privateFolderMode = 0o700

/**
 * From here on this process makes files 0600 and folders 0700 unless told otherwise: the server, the
 * CLI and `npm start` call it first. Returns the umask it replaced.
 */
export function keepNewFilesPrivate(): number {
  return process.umask(0o077)
}

/** Makes `path` and any parents it lacks 0700; a folder that exists already is left as it is (it may be the operator's). */
export function makePrivateFolder(path: string) {
  mkdirSync(path, { recursive: true, mode: privateFolderMode })
}

/**
 * Creates an empty file at `path` with mode 0600 when it is missing, and tightens one that exists to
 * 0600. SQLite gives a database's -wal and -shm files the database file's own mode, so this is what
 * keeps them private as well.
 */
export function makePrivateFile(path: string) {
  if (existsSync(path)) tightenExistingFiles([path])
  else closeSync(openSync(path, 'a', privateFileMode))
}

/**
 * Tightens each of `paths` that exists to 0600. A file this account may not change (another owner)
 * is left as it is: refusing to start would not make it any more private.
 */
export function tightenExistingFiles(paths: string[]) {
  for (const path of paths) {
    try {
      if (existsSync(path)) chmodSync(path, privateFileMode)
    } catch {}
  }
}
