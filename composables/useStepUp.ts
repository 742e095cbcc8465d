/**
 * Runs an action that may need a recent passkey proof: on `step_up_required` it asks the person to
 * confirm with their passkey (StaffStepUpModal, in the staff layout), then tries once more.
 */
export function useStepUp() {
  const open = useState('step-up-open', () => false)
  const waiting = useState<((confirmed: boolean) => void) | null>('step-up-waiting', () => null)

  function askForPasskey(): Promise<boolean> {
    open.value = true
    return new Promise(resolve => waiting.value = resolve)
  }
  function settle(confirmed: boolean) {
    open.value = false
    waiting.value?.(confirmed)
    waiting.value = null
  }
  async function withStepUp<T>(action: () => Promise<T>): Promise<T | undefined> {
    try {
      return await action()
    } catch (error) {
      if (apiErrorOf(error).code !== 'step_up_required') throw error
      if (!await askForPasskey()) return undefined
      return action()
    }
  }
  return { open, settle, withStepUp }
}
