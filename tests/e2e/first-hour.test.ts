import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { projectRoot } from '../support/server-process'

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
})
