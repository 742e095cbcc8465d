/** Whether the school's staff must sign in with a passkey; changing it needs a recent passkey proof. */
export function useSignInPolicy() {
  const { data, refresh } = useFetch('/api/app/sign-in-policy', { key: 'sign-in-policy', headers: useRequestHeaders(['cookie']) })
  const passkeysRequired = computed(() => data.value?.passkeysRequired ?? false)
  const { withStepUp } = useStepUp()

  async function setPasskeysRequired(required: boolean) {
    try {
      return await withStepUp(() => $fetch('/api/app/sign-in-policy', { method: 'PUT', body: { passkeysRequired: required } }))
    } finally {
      await refresh()
    }
  }
  return { passkeysRequired, setPasskeysRequired }
}
