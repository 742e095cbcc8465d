import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { projectRoot } from '../support/server-process'

const readme = readFileSync(resolve(projectRoot, 'README.md'), 'utf8')
const plannedCapabilities = [/tours/i, /applications/i, /rosters/i, /imports/i, /webhooks/i, /family portal/i]

describe('what a newcomer reads', () => {
  it('ships the AGPL it declares, in LICENSE, package.json and the OpenAPI document alike', async () => {
    const license = readFileSync(resolve(projectRoot, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^\s+GNU AFFERO GENERAL PUBLIC LICENSE\n\s+Version 3, 19 November 2007\n/)
    expect(license).toContain('13. Remote Network Interaction; Use with the GNU General Public License.')
    expect(license.length).toBeGreaterThan(30_000)
    const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'))
    const document = (await callApi('/_openapi.json')).body
    expect(pkg.license).toBe('AGPL-3.0-or-later')
    expect(document.info.license.identifier).toBe(pkg.license)
  })

  it('the README tells what this version has from what is planned, and the demo token truthfully', () => {
    const planned = readme.slice(readme.indexOf('**Planned**'), readme.indexOf('## Quick start'))
    const available = readme.slice(readme.indexOf('**In this version:**'), readme.indexOf('**Planned**'))
    for (const capability of plannedCapabilities) {
      expect(planned).toMatch(capability)
      expect(available).not.toMatch(capability)
    }
    expect(readme).toContain('The token lasts **7 days** and holds **every scope except\n`restricted.read`**')
    expect(readme).not.toMatch(/token that can read everything/)
    expect(readme).toContain('### Starting over')
    expect(readme).toContain('npm run -s admin -- school list')
    expect(readme).not.toMatch(/npm run admin --/)
  })

  it('the home page tells what this version has from what is planned', async () => {
    const html = (await callApi('/', { headers: { accept: 'text/html' } })).body as string
    const available = html.slice(html.indexOf('id="available"'), html.indexOf('id="planned"'))
    const planned = html.slice(html.indexOf('id="planned"'))
    expect(available).toContain('Enquiries')
    expect(available).toMatch(/warehouse exports/i)
    for (const capability of plannedCapabilities) {
      expect(planned).toMatch(capability)
      expect(available).not.toMatch(capability)
    }
  })

  it('the reference names the scopes no endpoint takes yet as planned', async () => {
    const document = (await callApi('/_openapi.json')).body
    const inUse = new Set<string>(Object.values(document.paths).flatMap((item: any) => Object.values(item).map((operation: any) => operation['x-scope'])))
    const description: string = document.components.securitySchemes.bearerToken.description
    const [now, planned] = description.split('Planned, for capabilities still to come')
    expect(planned).toBeDefined()
    for (const scope of inUse) expect(now).toContain(`\`${scope}\``)
    for (const scope of ['tour.read', 'roster.read']) {
      expect(inUse.has(scope)).toBe(false)
      expect(planned).toContain(`\`${scope}\``)
      expect(now).not.toContain(`\`${scope}\``)
    }
    const admissions = document.tags.find((tag: any) => tag.name === 'Admissions')
    expect(admissions.description).toMatch(/Tours, applications, enrolments and starters are planned/)
  })
})
