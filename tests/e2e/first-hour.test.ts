import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { projectRoot } from '../support/server-process'
import { scopeCatalogue } from '../../server/domain/access/catalogue'

const readme = readFileSync(resolve(projectRoot, 'README.md'), 'utf8')
const document = (await callApi('/_openapi.json')).body
const scopesInUse = new Set<string>(Object.values(document.paths).flatMap((item: any) => Object.values(item).map((operation: any) => operation['x-scope'])))
/** Each capability the README and home page speak of, and how this build shows it has landed. */
const capabilities = [
  { name: /tours/i, landed: scopesInUse.has('tour.read') },
  { name: /applications/i, landed: scopesInUse.has('application.write') },
  { name: /rosters/i, landed: scopesInUse.has('roster.read') },
  { name: /imports/i, landed: scopesInUse.has('staff.import') },
  { name: /exports/i, landed: scopesInUse.has('export.read') },
  { name: /webhooks/i, landed: existsSync(resolve(projectRoot, 'server/domain/webhooks')) },
  { name: /family portal/i, landed: existsSync(resolve(projectRoot, 'pages/family')) }
]
const plannedCapabilities = capabilities.filter(capability => !capability.landed).map(capability => capability.name)
const landedCapabilities = capabilities.filter(capability => capability.landed).map(capability => capability.name)

describe('what a newcomer reads', () => {
  it('ships the AGPL it declares, in LICENSE, package.json and the OpenAPI document alike', async () => {
    const license = readFileSync(resolve(projectRoot, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^\s+GNU AFFERO GENERAL PUBLIC LICENSE\n\s+Version 3, 19 November 2007\n/)
    expect(license).toContain('13. Remote Network Interaction; Use with the GNU General Public License.')
    expect(license.length).toBeGreaterThan(30_000)
    const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8'))
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
    for (const capability of landedCapabilities) expect(available).toMatch(capability)
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
    for (const capability of plannedCapabilities) {
      expect(planned).toMatch(capability)
      expect(available).not.toMatch(capability)
    }
    for (const capability of landedCapabilities) expect(available).toMatch(capability)
  })

  it('the reference names the scopes no endpoint takes yet as planned', () => {
    const description: string = document.components.securitySchemes.bearerToken.description
    const [now, planned = ''] = description.split('Planned, for capabilities still to come')
    for (const scope of scopesInUse) expect(now).toContain(`\`${scope}\``)
    for (const scope of Object.keys(scopeCatalogue).filter(scope => !scopesInUse.has(scope))) {
      expect(planned).toContain(`\`${scope}\``)
      expect(now).not.toContain(`\`${scope}\``)
    }
  })
})
