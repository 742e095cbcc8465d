/**
 * The phone rows of `npm run bench`: Lighthouse 12 (its default mobile profile: a mid-range phone on
 * simulated slow 4G, the CPU slowed four times) on the screens' front doors, served by the built
 * server, in each shipped language (the reader's choice is the language cookie, as the language menu
 * sets it; the school must offer the language for the signed-in portal to show it). Each page is
 * measured `lighthouseRuns` times and the run of median performance is reported: performance score,
 * largest contentful paint, bytes transferred, accessibility score.
 * Targets (issues 27 and 37): performance at least 90, at most 300 KiB, accessibility 100.
 *
 * Alone, against a server already running (for a before/after without the whole bench):
 *   npx tsx scripts/bench/lighthouse.ts http://localhost:3000
 */
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { languageCodes, languageCookieName } from '../../shared/languages'

/** The pages a family or a member of staff meets first: sign-in, and the family portal's front page (signed in). */
export const lighthousePages = ['/sign-in', '/family']
/** Pages measured only with a session cookie for them. */
const signedInPages = new Set(['/family'])
export const lighthouseTargets = { performance: 90, kib: 300, accessibility: 100 }
const lighthouseRuns = 3

export interface LighthouseRow {
  path: string
  language: string
  performance: number
  accessibility: number
  lcpMs: number
  kib: number
  missed: string[]
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100)

/** Lighthouse's runs of one page, in one headless Chromium; loopback only (the server is local, and Chromium fetches nothing else). */
async function measurePage(url: string, cookie: string): Promise<Omit<LighthouseRow, 'path' | 'language' | 'missed'>[]> {
  const chrome =
    await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  try {
    const runs = []
    for (let run = 0; run < lighthouseRuns; run++) {
      const result = await lighthouse(url, {
        port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: cookie }
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${url}.`)
      const { categories, audits, runtimeError } = result.lhr
      if (runtimeError) throw new Error(`Lighthouse could not load ${url}: ${runtimeError.message}`)
      runs.push({
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        kib: (audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024
      })
    }
    return runs
  } finally {
    chrome.kill()
  }
}

/**
 * Measures each page of `lighthousePages` in each of `languages` on the server at `baseUrl` (a page behind
 * sign-in with the session cookie `cookies` gives it; without one it is left out) and judges it against the targets.
 */
export async function benchLighthouse(
  baseUrl: string, cookies: Record<string, string> = {}, languages: readonly string[] = languageCodes
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = []
  for (const path of lighthousePages.filter(page => !signedInPages.has(page) || cookies[page])) for (const language of languages) {
    const cookie = [cookies[path], `${languageCookieName}=${language}`].filter(Boolean).join('; ')
    const runs = (await measurePage(baseUrl + path, cookie)).sort((a, b) => a.performance - b.performance)
    const median = runs[Math.floor((runs.length - 1) / 2)]!
    const missed = [
      median.performance >= lighthouseTargets.performance ? '' : `performance below ${lighthouseTargets.performance}`,
      median.kib <= lighthouseTargets.kib ? '' : `more than ${lighthouseTargets.kib} KiB`,
      median.accessibility >= lighthouseTargets.accessibility ? '' : `accessibility below ${lighthouseTargets.accessibility}`
    ].filter(Boolean)
    rows.push({ path, language, ...median, missed })
  }
  return rows
}

/** Prints the rows and returns how many missed a target. */
export function printLighthouseRows(rows: LighthouseRow[]): number {
  for (const row of rows) {
    console.log(
      `  lighthouse ${row.path} ${row.language} (mobile, median of ${lighthouseRuns}): performance ${row.performance} (target ≥ ${lighthouseTargets.performance}), largest contentful paint ${(row.lcpMs / 1000).toFixed(1)} s, ${Math.round(row.kib)} KiB transferred (target ≤ ${lighthouseTargets.kib}), accessibility ${row.accessibility} (target ${lighthouseTargets.accessibility})  ${row.missed.length ? 'MISSED: ' + row.missed.join('; ') : 'ok'}`
    )
  }
  return rows.filter(row => row.missed.length).length
}

if (import.meta.filename === process.argv[1]) {
  const baseUrl = process.argv[2]
  if (!baseUrl || !/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(baseUrl)) throw new Error('Name the running server on loopback, such as http://localhost:3000.')
  printLighthouseRows(await benchLighthouse(baseUrl))
}
