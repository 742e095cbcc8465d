import type { FormError } from '@nuxt/ui'

interface FormWithErrors { setErrors: (errors: FormError[]) => void, getErrors?: () => FormError[] }

/**
 * A screen action's busy flag and its one-line problem, and `run`, which fills them: field problems from
 * the error envelope go to the form when there is one, anything else becomes the problem line
 * (`describe` may word an error of its own, such as a closed passkey prompt).
 */
export function useFormAction(options: { form?: Readonly<Ref<FormWithErrors | null | undefined>>, describe?: (error: unknown) => string | undefined } = {}) {
  const busy = ref(false)
  const problem = ref('')

  async function run(action: () => Promise<void>) {
    busy.value = true
    problem.value = ''
    try {
      await action()
    } catch (error) {
      const { message, fields } = apiErrorOf(error)
      const form = options.form?.value
      if (fields.length && form) {
        form.setErrors(fields)
        // A form shows an error only beside a field it has: any other goes on the problem line, never lost.
        const shown = new Set((form.getErrors?.() ?? fields).map(field => field.name))
        problem.value = fields.filter(field => !shown.has(field.name)).map(field => field.message).join(' ')
      } else problem.value = options.describe?.(error) ?? message
    } finally {
      busy.value = false
    }
  }

  return { busy, problem, run }
}
