import type { FormError } from '@nuxt/ui'

interface Envelope { statusMessage?: string, data?: { code?: string, detail?: string[], fields?: { path: string, message: string }[] } }

/** The error envelope of a failed $fetch: its code, one line to show, and its field problems for a UForm. */
export function apiErrorOf(error: unknown) {
  const envelope = ((error as { data?: Envelope })?.data ?? {}) as Envelope
  const code = envelope.data?.code ?? 'internal'
  const message = envelope.data?.detail?.join(' ') || envelope.statusMessage || 'Something went wrong; try again.'
  const fields: FormError[] = (envelope.data?.fields ?? []).map(field => ({ name: field.path, message: field.message }))
  return { code, message, fields }
}
