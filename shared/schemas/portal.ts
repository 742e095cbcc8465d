import { z } from 'zod'
import { portalSections } from '../vocabulary'

const personName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })

export const portalHomeSchema = z.object({
  school: z.object({ name: z.string() }),
  adult: personName,
  /** A member of staff previewing as this adult: the screens show a banner, and every change is refused. */
  preview: z.boolean(),
  /** The sections to offer; `off` only for staff previewing a section the school switched off for families. */
  sections: z.array(z.object({ name: z.enum(portalSections), off: z.boolean() })),
  children: z.array(personName)
})
