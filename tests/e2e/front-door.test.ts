import { request } from 'node:http'
import { describe, expect, inject, it } from 'vitest'

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decompress), its body as sent. */
function rawGet(
  path: string, headers: Record<string, string> = {}
): Promise<{ status: number, headers: Record<string, string | string[] | undefined>, body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, inject('baseUrl')), { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', chunk => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject).end()
  })
}

/**
 * The scripts and styles a page's HTML names: what a browser fetches for it, the stylesheet before its first paint
 * and the scripts just after (named in the head's loader, server/utils/defer-module-scripts.ts, as a list of paths).
 */
function linkedFiles(html: string): string[] {
  return [...new Set([...html.matchAll(/"(\/_nuxt\/[^"]+\.(?:js|css))"/g)].map(match => match[1]!))]
}

describe('the sign-in page on a phone (docs/performance.md, "Sign-in on a phone")', () => {
  it('is rendered on the server: the form is in the HTML before any script runs', async () => {
    const page = await rawGet('/sign-in', { accept: 'text/html' })
    expect(page.status).toBe(200)
    const html = page.body.toString()
    expect(html).toContain('Sign in to Rollbook')
    expect(html).toContain('Sign in with a passkey')
    expect(html).toMatch(/<input[^>]+type="email"/)
  })

  it('sends the built scripts and styles compressed, brotli or gzip as the browser accepts, and plain to one that accepts neither', async () => {
    const html = (await rawGet('/sign-in', { accept: 'text/html' })).body.toString()
    const script = linkedFiles(html).find(path => path.endsWith('.js'))!
    const plain = await rawGet(script)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const brotli = await rawGet(script, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('Accept-Encoding')
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2)
    const gzip = await rawGet(script, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2)
  })

  it('names none of the staff screens\' code, and what it names weighs under 300 KiB as sent', async () => {
    const html = (await rawGet('/sign-in', { accept: 'text/html' })).body.toString()
    expect(html).not.toContain('rel="prefetch"')
    let bytes = Buffer.byteLength(html)
    for (const path of linkedFiles(html)) {
      const file = await rawGet(path, { 'accept-encoding': 'br' })
      expect(file.status).toBe(200)
      bytes += file.body.length
      const text = (await rawGet(path)).body.toString()
      // The staff layout's navigation: a phone at sign-in has no use for it.
      expect(text, path).not.toContain('Rostering tokens')
    }
    expect(bytes).toBeLessThan(300 * 1024)
  })
})

describe('the first page\'s language, from the browser\'s list', () => {
  const langOf = async (acceptLanguage: string) =>
    /<html[^>]* lang="([^"]+)"/.exec((await rawGet('/sign-in', { 'accept-language': acceptLanguage })).body.toString())?.[1]

  it('takes a shipped language, a region of one, and the first shipped one in the list\'s order', async () => {
    expect(await langOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(await langOf('ar-EG')).toBe('ar')
    expect(await langOf('zh-CN,zh;q=0.9')).toBe('zh-Hans')
    expect(await langOf('fr-FR, es;q=0.5')).toBe('es')
  })

  it('does not take Traditional Chinese for Simplified: the next shipped language in the list, else English', async () => {
    expect(await langOf('zh-TW')).toBe('en')
    expect(await langOf('zh-Hant, es;q=0.2')).toBe('es')
    expect(await langOf('zh-HK,zh;q=0.9')).toBe('zh-Hans')
  })
})
