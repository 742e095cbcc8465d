/**
 * Every page is whole as the server renders it; its scripts only hydrate it. Chromium fetches module scripts
 * and their preloads as soon as the head names them, at high priority, so on a phone's slow link 150 KiB of
 * script shared the bandwidth with the stylesheet the first paint waits on, and Lighthouse's simulated phone
 * counted them before the page's largest text (first paint 2.6 s, largest 2.7 s on /sign-in; issue 37).
 * The page now names them in a loader that asks for them, preloads and entry in their order, once the first
 * frame is painted; a page opened hidden (a background tab paints no frame) asks at once.
 */
const modulePreload = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g
const moduleScript = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g

export function deferModuleScripts(head: readonly string[]): { head: string[], loader?: string } {
  const preloads: string[] = []
  const entries: string[] = []
  const rest = head.map(part => part
    .replace(modulePreload, (_tag, href: string) => {
      preloads.push(href)
      return ''
    })
    .replace(moduleScript, (_tag, src: string) => {
      entries.push(src)
      return ''
    }))
  if (!entries.length) return { head: [...head] }
  return { head: rest, loader: `<script>${loaderSource(preloads, entries)}</script>` }
}

function loaderSource(preloads: string[], entries: string[]): string {
  // JSON of a path the build wrote: '<' is escaped so that no href could close the script element.
  const list = (urls: string[]) => JSON.stringify(urls).replace(/</g, '\\u003c')
  return '(function(){function load(){var h=document.head;'
    + `${list(preloads)}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});`
    + `${list(entries)}.forEach(function(u){var s=document.createElement("script");s.type="module";s.async=false;s.crossOrigin="";s.src=u;h.appendChild(s)})}`
    + 'if(document.visibilityState==="hidden")load();else requestAnimationFrame(function(){setTimeout(load)})})()'
}
