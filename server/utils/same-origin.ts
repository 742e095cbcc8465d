import { getRequestHeader, getRequestURL, type H3Event } from 'h3'
import { apiError } from './errors'
import { relyingParty } from './public-url'

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request that a browser sent from another site, so a page elsewhere can
 * never use a signed-in member's cookie to change anything. `Sec-Fetch-Site` decides when the
 * browser sends it; otherwise `Origin` must be this service's (its public URL, or the host the
 * request came to). A request with neither header did not come from a browser, which sends `Origin`
 * on every POST, PUT, PATCH and DELETE, so it carries no cookie a user did not mean to send.
 */
export function refuseCrossSiteChange(event: H3Event) {
  if (readOnlyMethods.has(event.method)) return
  const site = getRequestHeader(event, 'sec-fetch-site')
  const origin = getRequestHeader(event, 'origin')
  const allowed = site !== undefined
    ? site === 'same-origin' || site === 'none'
    : origin === undefined || origin === relyingParty().origin || origin === getRequestURL(event).origin
  if (!allowed) {
    throw apiError(
      'forbidden', ['Changes through the screens\' interface must come from the screens themselves: this request came from another site.'],
      { data: { crossSite: true } }
    )
  }
}
