import { describe, expect, it } from 'vitest'
import { readStopWord } from '../../../../../../server/domain/notifications/texts/stop-words'

describe('STOP and START replies', () => {
  it.each([
    'STOP', 'stop', ' Stop ', 'Stop.', 'STOP!', 's t o p', 'StopAll', 'stop all', 'UNSUBSCRIBE', 'cancel', 'End', 'quit',
    'ＳＴＯＰ', 'parar', 'Baja', 'cancelar', 'arret', 'Arrêt', 'ARRÊT', 'توقف', 'إلغاء', '停止', '退订'
  ])('%j turns texts off', (reply) => {
    expect(readStopWord(reply)).toBe('stop')
  })

  it.each([
    'START', 'start', ' Start\n', 'yes', 'Unstop', 'alta', 'iniciar', 'démarrer', 'DEMARRER', 'ابدأ', 'ابدا', '开始', '订阅'
  ])('%j turns texts on', (reply) => {
    expect(readStopWord(reply)).toBe('start')
  })

  it.each(['', 'Thanks', 'stop the bus', 'STOPP', 'please stop', 'Yes please', 'OK', '停'])('%j is any other reply', (reply) => {
    expect(readStopWord(reply)).toBeNull()
  })
})
