import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { absenceDocumentTypes } from '../../../shared/schemas/absences'
import { absenceDocumentBytes } from '../../../shared/schemas/absences'
import { privateFileMode, privateFolderMode } from '../../../db/private-files'
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { absences } from '../../../db/schema'
import { configuredExportStorage } from '../exports/storage/export-storage'
import { fromStorage, openStoredFile } from '../exports/storage/stored-file'
import { validationFailed } from '../shared/domain-error'
import type { DomainContext } from '../shared/context'
import { logger } from '../shared/log'

export type AbsenceDocumentType = typeof absenceDocumentTypes[number]

/** The first bytes each type the school takes begins with: the file's type is read from these, never from its name. */
const signatures: readonly { type: AbsenceDocumentType, test: (bytes: Buffer) => boolean }[] = [
  { type: 'application/pdf', test: bytes => bytes.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'image/png', test: bytes => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) },
  { type: 'image/jpeg', test: bytes => bytes[0] === 0xFF && bytes[1] === 0xD8 && bytes[2] === 0xFF },
  { type: 'image/gif', test: bytes => ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', test: bytes => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' }
]

/** The type of a document by its bytes: a PDF or one of the images, or undefined for anything else. */
export function documentTypeOf(bytes: Buffer): AbsenceDocumentType | undefined {
  return signatures.find(signature => signature.test(bytes))?.type
}

/** A document read from a request, checked: its bytes, its type by them, and the name to show. */
export interface AbsenceDocument { name: string, type: AbsenceDocumentType, bytes: Buffer }

/**
 * Decodes and checks a document sent in base64 (`validation_failed` naming `document.content`): at most
 * 5 MB, and a PDF or an image by its first bytes, whatever its name says.
 */
export function readAbsenceDocument(input: { name: string, content: string }): AbsenceDocument {
  const bytes = Buffer.from(input.content, 'base64')
  if (bytes.length === 0) throw validationFailed([{ path: 'document.content', message: 'The file is empty.' }])
  if (bytes.length > absenceDocumentBytes) throw validationFailed([{ path: 'document.content', message: 'At most 5 MB.' }])
  const type = documentTypeOf(bytes)
  if (!type) throw validationFailed([{ path: 'document.content', message: 'Send a PDF, or a PNG, JPEG, WebP or GIF image.' }])
  return { name: input.name, type, bytes }
}

/** Where a document is kept: beside the exports, under a key made of ids only. */
export const absenceDocumentKey = (schoolId: string, absenceId: string) => `absence-documents/${schoolId}/${absenceId}`

/**
 * Keeps a document where exports are kept (local folder or bucket), before the absence that names it is
 * written: an absence never names a document that is not there. One whose write then fails is removed
 * (removeAbsenceDocument); one left by a process killed between the two is named by no absence and read by nothing.
 */
export async function keepAbsenceDocument(key: string, document: AbsenceDocument) {
  const storage = configuredExportStorage()
  await mkdir(storage.scratch, { recursive: true, mode: privateFolderMode })
  const scratch = join(storage.scratch, `${key.replaceAll('/', '_')}.part`)
  try {
    await writeFile(scratch, document.bytes, { mode: privateFileMode })
    const sha256Hex = createHash('sha256').update(document.bytes).digest('hex')
    await fromStorage(() => storage.keep(key, scratch, { bytes: document.bytes.length, sha256Hex, contentType: document.type }))
  } finally {
    await rm(scratch, { force: true })
  }
}

export async function removeAbsenceDocument(key: string) {
  await configuredExportStorage().remove(key)
}

/** A kept document to download: the bucket's signed link, or its bytes from a local folder (stored-file.ts). */
export function openAbsenceDocument(key: string, file: { fileName: string, contentType: string, size: number }) {
  return openStoredFile(configuredExportStorage(), key, file)
}

/**
 * Removes documents an erasure let go (docs/object-storage.md, "Deletion"): the erasure's transaction clears an absence's
 * document name, type and size and keeps only its key (ids), so the document is no longer served; the bytes go after the
 * commit, and the key is cleared once they are gone. A store that is down leaves the keys for the next pass (the nightly
 * retention sweep runs one for each school): a document is never left in storage with nothing that names it.
 * Answers how many were removed and whether the store failed.
 */
export async function removeLetGoDocuments(ctx: Pick<DomainContext, 'database' | 'school'>, keys?: readonly string[]) {
  const schoolId = ctx.school.id
  const waiting = keys ?? (await ctx.database.db.select({ key: absences.documentKey }).from(absences)
    .where(and(eq(absences.schoolId, schoolId), isNotNull(absences.documentKey), isNull(absences.documentType))))
    .map(row => row.key!)
  const removed: string[] = []
  let storeDown = false
  for (const key of waiting) {
    try {
      await removeAbsenceDocument(key)
      removed.push(key)
    } catch (error) {
      // Down, or refusing (keys changed, say): either way the keys wait, and the erasure that called stands.
      storeDown = true
      logger.warn({ schoolId, fault: (error as Error).name }, 'The file store did not remove a let-go absence document')
      break
    }
  }
  for (let start = 0; start < removed.length; start += 200) {
    const slice = removed.slice(start, start + 200)
    await ctx.database.transaction(tx => tx.update(absences).set({ documentKey: null })
      .where(and(eq(absences.schoolId, schoolId), inArray(absences.documentKey, slice), isNull(absences.documentType))))
  }
  if (storeDown) logger.warn({ schoolId, left: waiting.length - removed.length }, 'Let-go absence documents wait for the next retention sweep')
  return { removed: removed.length, storeDown }
}
