import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { absenceDocumentTypes } from '../../../shared/schemas/absences'
import { absenceDocumentBytes } from '../../../shared/schemas/absences'
import { privateFileMode, privateFolderMode } from '../../../db/private-files'
import { configuredExportStorage } from '../exports/storage/export-storage'
import { validationFailed } from '../shared/domain-error'

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
    await storage.keep(key, scratch, { bytes: document.bytes.length, sha256Hex: createHash('sha256').update(document.bytes).digest('hex') })
  } finally {
    await rm(scratch, { force: true })
  }
}

export async function removeAbsenceDocument(key: string) {
  await configuredExportStorage().remove(key)
}

export function readStoredAbsenceDocument(key: string): Promise<Readable> {
  return configuredExportStorage().read(key)
}
