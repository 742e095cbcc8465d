import type { Readable } from 'node:stream'
import { sendStream, setResponseHeaders, type H3Event } from 'h3'

const fileAnswerMark = Symbol('rollbook file answer')

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
