import { startAuthentication, startRegistration } from '@simplewebauthn/browser'

/** The browser's side of the passkey ceremonies; the server makes the options and checks the answers. */
export function usePasskeys() {
  async function register(name: string) {
    const optionsJSON = await $fetch<any>('/api/app/passkeys/options', { method: 'POST', body: {} })
    const response = await startRegistration({ optionsJSON })
    return $fetch('/api/app/passkeys', { method: 'POST', body: { response, name } })
  }
  async function signIn() {
    const optionsJSON = await $fetch<any>('/api/app/session/passkey/options', { method: 'POST', body: {} })
    const response = await startAuthentication({ optionsJSON })
    return $fetch<{ signedIn: true, hasPasskey: boolean }>('/api/app/session/passkey', { method: 'POST', body: { response } })
  }
  async function stepUp() {
    const optionsJSON = await $fetch<any>('/api/app/session/step-up/options', { method: 'POST', body: {} })
    const response = await startAuthentication({ optionsJSON })
    await $fetch('/api/app/session/step-up', { method: 'POST', body: { response } })
    await useStaffSession().refresh()
  }
  return { register, signIn, stepUp }
}
