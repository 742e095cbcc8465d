/**
 * Replies that turn a number's texts off or on again (docs/notifications.md, "Text messages"). The
 * English words are the ones carriers and Twilio honour; the others are the plain word for it in the
 * languages the portal speaks. A reply is one of these and nothing else: "stop the bus" is a message,
 * not a request.
 */
export const stopWords = [
  'STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT',
  'PARAR', 'BAJA', 'CANCELAR',
  'ARRET', 'ARRÊT',
  'توقف', 'إلغاء',
  '停止', '退订'
] as const

export const startWords = [
  'START', 'YES', 'UNSTOP',
  'ALTA', 'INICIAR',
  'DEMARRER', 'DÉMARRER',
  'ابدأ',
  '开始', '订阅'
] as const

export type StopWordMeaning = 'stop' | 'start'

/**
 * The word as compared: compatibility forms folded (full-width letters), accents and Arabic vowel marks
 * dropped, spaces and punctuation removed, upper case. "Stop.", " s t o p " and "Arrêt" all match.
 */
function comparable(text: string): string {
  return text.normalize('NFKD').replace(/[\p{M}\p{P}\p{Z}\s]/gu, '').toUpperCase()
}

const meanings = new Map<string, StopWordMeaning>([
  ...stopWords.map(word => [comparable(word), 'stop'] as const),
  ...startWords.map(word => [comparable(word), 'start'] as const)
])

/** What a reply asks of the number's texts: `stop`, `start`, or null for any other reply. */
export function readStopWord(reply: string): StopWordMeaning | null {
  return meanings.get(comparable(reply)) ?? null
}
