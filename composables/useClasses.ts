import type { InternalApi } from 'nitropack/types'

export type TimetableClass = InternalApi['/api/app/classes']['get']['items'][number]
export type TimetableCourse = InternalApi['/api/app/timetable/courses']['get']['items'][number]
export type ClassMember = InternalApi['/api/app/classes/:id/members']['get']['items'][number]
export type ClassTeacher = InternalApi['/api/app/classes/:id/teachers']['get']['items'][number]
export type TimetablePreview = InternalApi['/api/app/timetable/preview']['post']

/**
 * The timetable as the rosters read it: classes and courses searched and paged on the server, the
 * school's years and terms, and one class's students and teachers today.
 */
export function useClasses(search: Ref<string>, courseSearch: Ref<string>, selectedId: Ref<string | null>) {
  const classes = reactive(usePagedList<TimetableClass, { search?: string }>(
    query => $fetch('/api/app/classes', { query }),
    { limit: 25, filters: () => ({ search: search.value }) }
  ))
  const courses = reactive(usePagedList<TimetableCourse, { search?: string }>(
    query => $fetch('/api/app/timetable/courses', { query }),
    { limit: 25, filters: () => ({ search: courseSearch.value }) }
  ))
  const members = reactive(usePagedList<ClassMember>(
    query => $fetch(apiPath('/api/app/classes/:id/members', { id: selectedId.value! }), { query }),
    { limit: 25, immediate: false }
  ))
  const teachers = reactive(usePagedList<ClassTeacher>(
    query => $fetch(apiPath('/api/app/classes/:id/teachers', { id: selectedId.value! }), { query }),
    { limit: 25, immediate: false }
  ))
  watch(selectedId, (id) => {
    if (id) void Promise.all([members.first(), teachers.first()])
  })
  const { data: sessions, error: sessionsError } = useFetch(
    '/api/app/timetable/sessions', { key: 'timetable-sessions', headers: useRequestHeaders(['cookie']) }
  )
  return { classes, courses, members, teachers, sessions, sessionsError }
}

/** Loading a timetable file in two steps: a preview that writes nothing, then the same file loaded. */
export function useTimetableLoad() {
  const preview = (csv: string, from?: string) => $fetch('/api/app/timetable/preview', { method: 'POST', body: { csv, ...(from ? { from } : {}) } })
  const load = (csv: string, from?: string) => $fetch('/api/app/timetable/import', { method: 'POST', body: { csv, ...(from ? { from } : {}) } })
  return { preview, load }
}
