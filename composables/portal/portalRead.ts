/** A read of a portal page: its answer, and its refusal in the server's words (`section_off`, `standing_withheld`, …) for the page's one error line. */
export function portalRead<Read extends { data: Ref<unknown>, error: Ref<unknown>, refresh: () => Promise<void> }>(read: Read) {
  return {
    data: read.data as Read['data'], problem: computed(() => read.error.value ? apiErrorOf(read.error.value).message : null),
    refresh: read.refresh as Read['refresh']
  }
}
