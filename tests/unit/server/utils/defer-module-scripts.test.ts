import { describe, expect, it } from 'vitest'
import { deferModuleScripts } from '../../../../server/utils/defer-module-scripts'

const head = [
  '<link rel="stylesheet" href="/_nuxt/entry.css" crossorigin>\n'
  + '<link rel="modulepreload" as="script" crossorigin href="/_nuxt/A.js">\n'
  + '<link rel="modulepreload" as="script" crossorigin href="/_nuxt/B.js">\n'
  + '<script type="module" src="/_nuxt/A.js" crossorigin></script>',
  '<script>window.__NUXT__={}</script>'
]

describe('deferModuleScripts', () => {
  it('takes the module scripts and their preloads out of the head and keeps the rest as it was', () => {
    const deferred = deferModuleScripts(head)
    expect(deferred.head.join('')).not.toMatch(/modulepreload|type="module"/)
    expect(deferred.head.join('')).toContain('<link rel="stylesheet" href="/_nuxt/entry.css" crossorigin>')
    expect(deferred.head[1]).toBe(head[1])
  })

  it('names them, preloads before the entry, in a loader that runs after the first frame or at once when hidden', () => {
    const { loader } = deferModuleScripts(head)
    expect(loader).toMatch(/^<script>.*<\/script>$/s)
    expect(loader!.indexOf('["/_nuxt/A.js","/_nuxt/B.js"]')).toBeLessThan(loader!.indexOf('["/_nuxt/A.js"]'))
    expect(loader).toContain('requestAnimationFrame')
    expect(loader).toContain('document.visibilityState==="hidden"')
  })

  it('waits instead for the reader\'s first touch, click, key or focus on a page usable without script, queueing clicks and changes', () => {
    const { loader } = deferModuleScripts(head, 'interaction')
    expect(loader).not.toContain('requestAnimationFrame')
    expect(loader).toContain('["pointerdown","touchstart","keydown","focusin","click","change"]')
    expect(loader).toContain('window.__rollbookEarlyInput=[]')
    // It is one script that runs as it stands.
    expect(() => new Function(loader!.slice('<script>'.length, -'</script>'.length))).not.toThrow()
  })

  it('cannot be closed early by what a path holds', () => {
    const { loader } = deferModuleScripts(['<script type="module" src="/_nuxt/</script><b>.js" crossorigin></script>'])
    expect(loader!.slice('<script>'.length, -'</script>'.length)).not.toContain('</')
  })

  it('leaves a head without module scripts alone', () => {
    expect(deferModuleScripts(['<title>x</title>'])).toEqual({ head: ['<title>x</title>'] })
  })
})
