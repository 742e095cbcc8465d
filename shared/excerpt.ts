/** How much of a refused value an answer quotes back: enough to recognise it, never the whole of a huge one. */
export const excerptLength = 40

/**
 * The beginning of a value a client sent, for quoting it back in a refusal: a 1 MB value is not
 * worth echoing (twice, in `detail` and `fields`) to say it was wrong. Cut by UTF-16 units, never
 * inside a surrogate pair.
 */
export function excerpt(value: string, length = excerptLength): string {
  if (value.length <= length) return value
  const cut = /[\uD800-\uDBFF]/.test(value.charAt(length - 1)) ? length - 1 : length
  return `${value.slice(0, cut)}…`
}
