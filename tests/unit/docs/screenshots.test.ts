import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { maxScreenshotBytes, screenshotFolder, shots } from '../../../scripts/screenshots/shots'

/*
 * The README's pictures are what `npm run screenshots` makes (scripts/screenshots/shots.ts): each one there, shown
 * by the README, small, and WebP in fact as well as in name (GitHub serves the bytes with the type the name says).
 */
const root = resolve(import.meta.dirname, '../../..')
const folder = join(root, screenshotFolder)
const files = readdirSync(folder).sort()
const readme = readFileSync(join(root, 'README.md'), 'utf8')

describe('docs/screenshots', () => {
  it('holds the pictures the script makes, and nothing else', () => {
    expect(files).toEqual(shots.map(shot => shot.file).sort())
  })

  it.each(files)('%s is shown by the README, with words for who cannot see it', (file) => {
    const shown = [...readme.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].filter(match => match[2] === `${screenshotFolder}/${file}`)
    expect(shown, `README.md shows ${screenshotFolder}/${file} as ![what it shows](${screenshotFolder}/${file})`).toHaveLength(1)
    expect(shown[0]![1]!.length).toBeGreaterThan(20)
  })

  it.each(files)(`%s is a WebP of at most ${maxScreenshotBytes / 1024} KiB`, (file) => {
    const bytes = readFileSync(join(folder, file))
    expect(statSync(join(folder, file)).size).toBeLessThanOrEqual(maxScreenshotBytes)
    // RIFF, the length of what follows, WEBP (Google's container specification).
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8)
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  })
})
