import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime'

/**
 * Nitro gives `useRuntimeConfig(event)` a fresh copy of the runtime config per request, read again from
 * the environment, for hosts whose environment changes from request to request. @nuxtjs/i18n asks for it
 * on every request, page or not: a deep copy and a walk of the environment that cost about 0.9 ms a request,
 * a fifth of the server's time while Kannel's delivery reports for an emergency's texts came in
 * (docs/performance.md, "Notifications"). A Node server's environment is its process's, read once at
 * start, so every request is given the one shared (frozen) config. Registered before i18n's hook, which is
 * added after its plugin's first await.
 */
export default defineNitroPlugin((nitroApp) => {
  const shared = useRuntimeConfig()
  nitroApp.hooks.hook('request', (event) => {
    event.context.nitro ??= { errors: [] }
    event.context.nitro.runtimeConfig = shared
  })
})
