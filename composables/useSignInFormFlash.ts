import { signInFormCookiePath, signInFormCookies } from '~~/shared/sign-in-form'

interface Flash { sentTo: string, problem: string }

/**
 * What the sign-in form's last post without script left for the page it redirected to (server/utils/sign-in-form-route.ts):
 * the address a code was sent to, or the refusal worded in the page's language. Read on the server, once: the
 * cookies are cleared in the same answer, and the browser clears its copy once the page has taken it, so neither a
 * reload nor a later visit shows it again.
 */
export function useSignInFormFlash(): Flash {
  const flash = useState<Flash>('sign-in-form-flash', () => {
    if (!import.meta.server) return { sentTo: '', problem: '' }
    const options = { path: signInFormCookiePath, httpOnly: true, sameSite: 'lax' } as const
    const sentTo = useCookie<string | null>(signInFormCookies.sentTo, options)
    const refusal = useCookie<{ code?: string, detail?: string[], fields?: { path: string, message: string }[] } | null>(signInFormCookies.problem, options)
    const { message, fields } = apiErrorOf({ data: { data: refusal.value ?? {} } })
    const problem = refusal.value ? fields.map(field => field.message).join(' ') || message : ''
    const taken = { sentTo: typeof sentTo.value === 'string' ? sentTo.value : '', problem }
    sentTo.value = null
    refusal.value = null
    return taken
  })
  const taken = flash.value
  if (import.meta.client) flash.value = { sentTo: '', problem: '' }
  return taken
}
