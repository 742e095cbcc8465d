import { publicUrl } from '../shared/public-url'

/** Where a platform takes its tokens and reads each version of the binding, as Settings → Rostering shows them. */
export function oneRosterEndpoints() {
  const base = publicUrl()
  return { tokenUrl: `${base}/oauth/token`, v1p2Url: `${base}/ims/oneroster/rostering/v1p2`, v1p1Url: `${base}/ims/oneroster/v1p1` }
}
