/**
 * A short list kept in one text column as words separated by spaces (a court order's purposes, a
 * flag's safe adults): the empty text is the empty list, never a list of one empty word.
 */
export const wordsOf = (text: string): string[] => text ? text.split(' ') : []

export const textOfWords = (words: readonly string[]): string => words.join(' ')
