/**
 * The one toast of the screens: `done` after a change the server accepted, `failed` for a problem
 * that belongs to no form. A toast is announced to a screen reader (Nuxt UI's toaster is a live region).
 */
export function useNotice() {
  const toast = useToast()
  const { t } = useScreenText()
  return {
    done(title: string, description?: string) {
      toast.add({ title, description, color: 'success', icon: 'i-lucide-circle-check' })
    },
    failed(error: unknown) {
      toast.add({ title: t('screen.notDone'), description: apiErrorOf(error).message, color: 'error', icon: 'i-lucide-circle-alert' })
    }
  }
}
