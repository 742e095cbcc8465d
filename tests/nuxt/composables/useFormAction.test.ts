import { createError } from 'h3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerEndpoint } from '@nuxt/test-utils/runtime'
import type { FormError } from '@nuxt/ui'
import { loadProblemWords } from '../../../i18n/problem-words'
import { loadStaffMessages } from '../../../i18n/staff-messages'

/** What the tour's cancel and the fee draft's save answer: a refusal in the error envelope, as the server words it. */
registerEndpoint('/api/app/tours/tou_1/cancel', {
  method: 'POST',
  handler: () => {
    throw createError({ statusCode: 422, statusMessage: 'Request refused', data: { code: 'unprocessable', detail: ['The tour is already cancelled.'] } })
  }
})
registerEndpoint('/api/app/fees/versions/fsv_1', {
  method: 'PUT',
  handler: () => {
    throw createError({
      statusCode: 422, statusMessage: 'Request refused',
      data: { code: 'unprocessable', detail: ['lines[0].yearLevels[0]: "Year 13" is not one of the school\'s year levels.'], fields: [
        { path: 'lines[0].yearLevels[0]', message: '"Year 13" is not one of the school\'s year levels.' },
        { path: 'appliesFrom', message: 'Only a correction applies from a day; the first version applies to the whole schedule.' }
      ] }
    })
  }
})

describe('useFormAction on a staff screen in Spanish', () => {
  // What the staff middleware does for a staff screen in Spanish, which no composable passes through: English's staff
  // words (the refusals' patterns too) and Spanish's, and the page's language's words for the server's refusals.
  beforeAll(async () => {
    const app = useNuxtApp()
    await useRouter().push('/staff/tours')
    await app.$i18n.setLocale('es')
    await Promise.all([loadStaffMessages(app.$i18n, 'en'), loadStaffMessages(app.$i18n, 'es'), loadProblemWords('es')])
  })
  afterAll(() => useNuxtApp().$i18n.setLocale('en'))

  it('says a staff screen\'s refusal in Spanish, with nothing left "In English"', async () => {
    const { problem, run } = useFormAction()
    await run(() => $fetch('/api/app/tours/tou_1/cancel', { method: 'POST' }))
    expect(problem.value).toBe('La visita ya está cancelada.')
  })

  it('puts each field\'s problem beside its field in Spanish, and one the form has no field for on the problem line', async () => {
    const setErrors = vi.fn<(errors: FormError[]) => void>()
    const form = ref({ setErrors, getErrors: () => [{ name: 'appliesFrom', message: '' }] })
    const { problem, run } = useFormAction({ form })
    await run(() => $fetch('/api/app/fees/versions/fsv_1', { method: 'PUT', body: {} }))
    expect(setErrors).toHaveBeenCalledWith([
      { name: 'lines[0].yearLevels[0]', message: '«Year 13» no es uno de los cursos de la escuela.' },
      { name: 'appliesFrom', message: 'Solo una corrección se aplica desde un día; la primera versión se aplica a todo el plan.' }
    ])
    expect(problem.value).toBe('«Year 13» no es uno de los cursos de la escuela.')
    expect(problem.value).not.toContain('En inglés')
  })
})
