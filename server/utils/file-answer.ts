import type { Readable } from 'node:stream'
import { sendStream, setResponseHeaders, setResponseStatus, type H3Event } from 'h3'
import type { StoredFileAnswer } from '../domain/exports/storage/stored-file'

const fileAnswerMark = Symbol('rollbook file answer')
const linkAnswerMark = Symbol('rollbook link answer')

/**
 * What a route declared with `produces` answers instead of JSON: a file streamed as an attachment.
 * The pipeline checks its name, type and size against the route's `response` schema, then streams
 * `body`, never holding the file in memory.
 */
export interface FileAnswer<Type extends string = string> {
  readonly [fileAnswerMark]: true
  fileName: string
  contentType: Type
  /** Bytes; sent as `Content-Length`. */
  size: number
  body: Readable
}

export function fileAnswer<Type extends string>(file: Omit<FileAnswer<Type>, typeof fileAnswerMark>): FileAnswer<Type> {
  return { ...file, [fileAnswerMark]: true }
}

export function isFileAnswer(value: unknown): value is FileAnswer {
  return typeof value === 'object' && value !== null && fileAnswerMark in value
}

/** Streams the file with its name, type and length. A store that fails mid-file cuts the answer short, so the client sees it broken rather than complete. */
export async function sendFileAnswer(event: H3Event, answer: FileAnswer) {
  const plainName = answer.fileName.replace(/[^\w.-]/g, '_')
  setResponseHeaders(event, {
    'Content-Type': answer.contentType,
    'Content-Length': String(answer.size),
    'Content-Disposition': `attachment; filename="${plainName}"; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`
  })
  try {
    await sendStream(event, answer.body)
  } catch (error) {
    answer.body.destroy()
    event.node.res.destroy(error as Error)
  }
}

/**
 * A file route's other answer: a redirect to the bucket's short-lived signed link (docs/object-storage.md), given only
 * after the route's own checks passed, so the bytes go from the bucket to the caller without passing through here.
 */
export interface LinkAnswer<Type extends string = string> {
  readonly [linkAnswerMark]: true
  /** The file the link gives, described as a streamed one is (the route's `response`). */
  fileName: string
  contentType: Type
  size: number
  link: string
}

export function isLinkAnswer(value: unknown): value is LinkAnswer {
  return typeof value === 'object' && value !== null && linkAnswerMark in value
}

/** A kept file's download as the route answers it: the signed link where the store gave one, else the file streamed. */
export function storedFileAnswer<Type extends string>(file: StoredFileAnswer<Type>): FileAnswer<Type> | LinkAnswer<Type> {
  if ('link' in file) return { fileName: file.fileName, contentType: file.contentType, size: file.size, link: file.link, [linkAnswerMark]: true }
  return fileAnswer({ fileName: file.fileName, contentType: file.contentType, size: file.size, body: file.body })
}

/** `302 Found` with the signed link in `Location`; the pipeline's `Cache-Control: no-store` keeps it out of caches. */
export function sendLinkAnswer(event: H3Event, answer: LinkAnswer) {
  setResponseStatus(event, 302)
  setResponseHeaders(event, { 'Location': answer.link, 'Referrer-Policy': 'no-referrer' })
  return ''
}
