import { describe, expect, it } from 'vitest'
import { reactive } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { mountSuspended } from '@nuxt/test-utils/runtime'
import PortalAbsenceReasonFields, { type AbsenceReasonState } from '../../../../components/portal/PortalAbsenceReasonFields.vue'
import { absenceDocumentBytes } from '../../../../shared/schemas/absences'

/** Chooses a file in the document's input, as a person does. */
async function choose(wrapper: Awaited<ReturnType<typeof mountSuspended>>, file: File) {
  const input = wrapper.get('input[type="file"]')
  Object.defineProperty(input.element, 'files', { value: [file], configurable: true })
  await input.trigger('change')
  for (let i = 0; i < 50 && wrapper.text().includes('Reading the file'); i++) await new Promise(resolve => setTimeout(resolve, 10))
  await flushPromises()
}

describe('PortalAbsenceReasonFields', () => {
  it('reads a document into the base64 the route takes, without the data URL\'s prefix, and names it', async () => {
    const state = reactive<AbsenceReasonState>({})
    const fields = await mountSuspended(PortalAbsenceReasonFields, { props: { modelValue: state, reasons: ['illness', 'other'] } })
    await choose(fields, new File(['%PDF-1.4 a letter'], 'letter.pdf', { type: 'application/pdf' }))
    expect(state.document).toEqual({ name: 'letter.pdf', content: Buffer.from('%PDF-1.4 a letter').toString('base64') })
    expect(fields.text()).toContain('Attached: letter.pdf')
    await fields.findAll('button').find(button => button.text() === 'Remove')!.trigger('click')
    expect(state.document).toBeUndefined()
  })

  it('refuses a file over 5 MB in the browser, with its words beside the field, and sends none', async () => {
    const state = reactive<AbsenceReasonState>({})
    const fields = await mountSuspended(PortalAbsenceReasonFields, { props: { modelValue: state, reasons: ['illness'] } })
    await choose(fields, new File([new Uint8Array(absenceDocumentBytes + 1)], 'scan.png', { type: 'image/png' }))
    expect(state.document).toBeUndefined()
    expect(fields.text()).toContain('This file is larger than 5 MB: choose a smaller one.')
  })

  it('marks the note required and asks for a few words once the reason is "other"', async () => {
    const state = reactive<AbsenceReasonState>({ reason: 'illness' })
    const fields = await mountSuspended(PortalAbsenceReasonFields, { props: { modelValue: state, reasons: ['illness', 'other'] } })
    expect(fields.text()).toContain('Anything the school should know (you may leave it empty).')
    state.reason = 'other'
    await flushPromises()
    expect(fields.text()).toContain('Say why, in a few words.')
  })
})
