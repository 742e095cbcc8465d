/**
 * The window property where a page whose script waits for the reader (server/utils/defer-module-scripts.ts) keeps the
 * clicks and changes made before the app hydrated, for plugins/early-input.client.ts to replay.
 */
export const earlyInputQueue = '__rollbookEarlyInput'
