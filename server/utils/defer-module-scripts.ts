import { earlyInputQueue } from '../../shared/early-input'

/**
 * Every page is whole as the server renders it; its scripts only hydrate it. Chromium fetches module scripts
 * and their preloads as soon as the head names them, at high priority, so on a phone's slow link 150 KiB of
 * script shared the bandwidth with the stylesheet the first paint waits on, and Lighthouse's simulated phone
 * counted them before the page's largest text (first paint 2.6 s, largest 2.7 s on /sign-in; issue 37).
 * The page now names them in a loader that asks for them, preloads and entry in their order, once the first
 * frame is painted; a page opened hidden (a background tab paints no frame) asks at once.
 *
 * A page whose form works without script (sign-in: its posts are answered by the server) waits longer: for the
 * reader's first touch, click, key or focus (`until: 'interaction'`), so nothing runs before the page is usable and a
 * reader who only looks costs the phone no script at all (issue 44). What was asked before the app took the page over
 * (a button's click, a menu's change) is kept in `earlyInputQueue` for plugins/early-input.client.ts to replay; a
 * form's submit is not, since the server answers it.
 */
const modulePreload = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g
const moduleScript = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g

/** What starts the scripts' download on a page that waits for the reader; `click` and `change` are also queued to replay. */
const wakingEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'change']

export type ScriptsWait = 'first-paint' | 'interaction'

export function deferModuleScripts(head: readonly string[], until: ScriptsWait = 'first-paint'): { head: string[], loader?: string } {
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
  return { head: rest, loader: `<script>${loaderSource(preloads, entries, until)}</script>` }
}

function loaderSource(preloads: string[], entries: string[], until: ScriptsWait): string {
  // JSON of a path the build wrote: '<' is escaped so that no href could close the script element.
  const list = (urls: string[]) => JSON.stringify(urls).replace(/</g, '\\u003c')
  return '(function(){function load(){var h=document.head;'
    + `${list(preloads)}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});`
    + `${list(entries)}.forEach(function(u){var s=document.createElement("script");s.type="module";s.async=false;s.crossOrigin="";s.src=u;h.appendChild(s)})}`
    + (until === 'interaction' ? onInteraction : afterFirstPaint)
}

const afterFirstPaint = 'if(document.visibilityState==="hidden")load();else requestAnimationFrame(function(){setTimeout(load)})})()'
// A button's click before hydration would be lost (its handler is not attached yet), and so would a select's change.
const onInteraction = `var q=window.${earlyInputQueue}=[],started=false;function wake(e){if(!started){started=true;load()}`
  + `if(window.${earlyInputQueue}!==q)return;var t=e.target,b=e.type==="click"&&t&&t.closest?t.closest("button[type=button]"):null;`
  + 'if(b)q.push({type:"click",target:b});else if(e.type==="change"&&t.tagName==="SELECT")q.push({type:"change",target:t})}'
  + `${JSON.stringify(wakingEvents)}.forEach(function(k){addEventListener(k,wake,{capture:true,passive:true})})})()`
