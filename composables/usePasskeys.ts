import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type { InternalApi } from 'nitropack/types'

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']

/**
 * The browser's side of the passkey ceremonies; the server makes the options and checks the answers.
 * The options' route types are the server library's own option types, except that Nitro's JSON view
 * of them cannot tell that the extensions' buffers (which Rollbook never sets) are never sent: hence
 * the one assertion on each.
 */
export function usePasskeys() {
  async function register(name: string) {
    const optionsJSON = await $fetch('/api/app/passkeys/options', { method: 'POST', body: {} }) as CreationOptions
    const response = await startRegistration({ optionsJSON })
    return $fetch('/api/app/passkeys', { method: 'POST', body: { response, name } })
  }
  async function signIn() {
    const optionsJSON = await $fetch('/api/app/session/passkey/options', { method: 'POST', body: {} }) as RequestOptions
    const response = await startAuthentication({ optionsJSON })
    return $fetch('/api/app/session/passkey', { method: 'POST', body: { response } })
  }
  async function stepUp() {
    const optionsJSON = await $fetch('/api/app/session/step-up/options', { method: 'POST', body: {} }) as RequestOptions
    const response = await startAuthentication({ optionsJSON })
    await $fetch('/api/app/session/step-up', { method: 'POST', body: { response } })
    await useStaffSession().refresh()
  }
  return { register, signIn, stepUp }
}

/** One of the signed-in person's passkeys, as their list answers it. */
export type Passkey = InternalApi['/api/app/passkeys']['get']['items'][number]

/** The signed-in person's own passkeys: list, rename, remove. */
export function usePasskeyList() {
  const { data, refresh } = useFetch('/api/app/passkeys', { key: 'passkeys', headers: useRequestHeaders(['cookie']) })
  const passkeys = computed(() => data.value?.items ?? [])
  async function rename(id: string, name: string) {
    try {
      return await $fetch(apiPath('/api/app/passkeys/:id', { id }), { method: 'PATCH', body: { name } })
    } finally {
      await refresh()
    }
  }
  async function remove(id: string) {
    await $fetch(apiPath('/api/app/passkeys/:id', { id }), { method: 'DELETE' })
    await refresh()
  }
  return { passkeys, refresh, rename, remove }
}
