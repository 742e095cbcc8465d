import type { InternalApi } from 'nitropack/types'
import type { MessageInput } from '~~/shared/schemas/messages'

/** A message as the office's list answers it, with its tally. */
export type OfficeMessage = InternalApi['/api/app/messages']['get']['items'][number]
export type MessageRecipient = InternalApi['/api/app/messages/:id/recipients']['get']['items'][number]
export type AudiencePreview = InternalApi['/api/app/messages/preview']['post']
export type TextLengths = InternalApi['/api/app/messages/text-length']['post']

/** How long after the last key the composer asks what its texts cost: once per pause in typing, not once per key. */
const textLengthPause = 400

/**
 * The words for the adults standing leaves out of a message, before it is sent and after: the server
 * gives a number from five only, "fewer than 5" below, and none for an audience naming adults
 * (server/domain/messages/left-out.ts), so the screens say exactly that and no more. In the words of the
 * calling screen's `t` (useScreenText), as the count is always five or more, the counted message has one form.
 */
export function leftOutWords(
  told: Pick<AudiencePreview, 'leftOut' | 'leftOutCount'>, t: ReturnType<typeof useScreenText>['t']
): string {
  if (told.leftOut === 'counted') return t('staff.messages.leftOut.counted', { count: told.leftOutCount })
  if (told.leftOut === 'fewer_than_5') return t('staff.messages.leftOut.fewerThan5')
  return t('staff.messages.leftOut.notCounted')
}

/**
 * The office's messages: the audience preview before anything is sent, sending, the messages sent
 * (paged, newest first) with one message's recipients (deliveries, bounces, read receipts) and the
 * addresses that bounced. While the page is visible the list is asked for again every few seconds,
 * so deliveries and reads appear as they happen. `sendEmergency` sends through the emergency route (docs/notifications.md,
 * "Emergencies"), asking for a passkey when the server wants a recent proof; undefined when that prompt was closed.
 */
export function useMessages(selectedId: Ref<string | null>) {
  const list = reactive(usePagedList<OfficeMessage>(query => $fetch('/api/app/messages', { query }), { limit: 20 }))
  const recipients = reactive(usePagedList<MessageRecipient>(
    query => $fetch(apiPath('/api/app/messages/:id/recipients', { id: selectedId.value! }), { query }),
    { limit: 50, immediate: false }
  ))
  watch(selectedId, id => id ? recipients.first() : undefined)
  const { data: bounces, refresh: refreshBounces } = useFetch('/api/app/messages/bounces', { key: 'message-bounces', headers: useRequestHeaders(['cookie']) })

  let timer: ReturnType<typeof setInterval> | undefined
  onMounted(() => {
    timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !list.loading) {
        void Promise.all([list.refresh(), refreshBounces(), selectedId.value ? recipients.refresh() : undefined])
      }
    }, 5000)
  })
  onBeforeUnmount(() => clearInterval(timer))

  function preview(audience: string[]): Promise<AudiencePreview> {
    return $fetch('/api/app/messages/preview', { method: 'POST', body: { audience } })
  }
  async function send(input: MessageInput) {
    const sent = await $fetch('/api/app/messages', { method: 'POST', body: input })
    await list.refresh()
    return sent
  }
  const { withStepUp } = useStepUp()
  async function sendEmergency(input: MessageInput) {
    const sent = await withStepUp(() => $fetch('/api/app/messages/emergency', { method: 'POST', body: input }))
    if (sent) await list.refresh()
    return sent
  }
  return { list, recipients, bounces, preview, send, sendEmergency }
}

/**
 * What the message's texts will cost, as the office types (docs/notifications.md, "Text messages"): after each pause
 * in typing the subjects (the original's and each version's with a subject so far) go to the server, which counts them
 * as the worker will write them. Null until a subject is typed, and while the last one typed was refused; an answer
 * overtaken by later typing is dropped, so the count is always the subjects' on the screen. An emergency's text is
 * counted as one (it is marked urgent).
 */
export function useMessageTextLengths(
  subjects: () => { subject: string, versions: { language: string, subject: string }[], emergency: boolean }
) {
  const lengths = ref<TextLengths | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0
  async function ask(input: ReturnType<typeof subjects>) {
    const mine = ++asked
    const versions = input.versions.filter(version => version.subject.trim()).map(({ language, subject }) => ({ language, subject }))
    const answer = await $fetch('/api/app/messages/text-length', { method: 'POST', body: { subject: input.subject, versions, emergency: input.emergency } })
      .catch(() => null)
    if (mine === asked) lengths.value = answer
  }
  watch(subjects, (input) => {
    clearTimeout(timer)
    if (!input.subject.trim()) {
      asked++
      lengths.value = null
      return
    }
    timer = setTimeout(() => void ask(input), textLengthPause)
  }, { deep: true })
  onBeforeUnmount(() => clearTimeout(timer))
  return lengths
}
