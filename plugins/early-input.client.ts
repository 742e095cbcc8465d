import { earlyInputQueue } from '~~/shared/early-input'

interface EarlyInput { type: 'click' | 'change', target: HTMLElement }

/**
 * A page whose script waits for the reader (server/utils/defer-module-scripts.ts) may be typed into and clicked before
 * the app takes it over. Hydration sets each field to the app's state, which knows nothing of what was typed, so the
 * fields' text is kept and given back (as input, so the app's state takes it); a button's click or a menu's change
 * made meanwhile reached no handler, so it is made again.
 */
export default defineNuxtPlugin((nuxtApp) => {
  const early = window as unknown as Record<string, EarlyInput[] | undefined>
  if (!early[earlyInputQueue]) return
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>()
  nuxtApp.hook('app:beforeMount', () => {
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#__nuxt input, #__nuxt textarea')) {
      if (field.value !== field.defaultValue) typed.set(field, field.value)
    }
  })
  nuxtApp.hooks.hookOnce('app:suspense:resolve', async () => {
    await nextTick()
    for (const [field, value] of typed) {
      if (!field.isConnected || field.value === value) continue
      field.value = value
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
    const queued = early[earlyInputQueue] ?? []
    early[earlyInputQueue] = undefined
    for (const input of queued) {
      if (!input.target.isConnected) continue
      if (input.type === 'click') input.target.click()
      else input.target.dispatchEvent(new Event('change', { bubbles: true }))
    }
  })
})
