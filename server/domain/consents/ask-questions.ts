import type { z } from 'zod'
import type { askQuestionInput, AskQuestion } from '../../../shared/schemas/consents'
import { formAnswersBytes } from '../../../shared/schemas/consents'
import { isDay } from '../days/calendar'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { multilineTextRefusal, plainLineRefusal } from '../../../shared/plain-text'

export type QuestionInput = z.output<typeof askQuestionInput>
export type FormValue = string | boolean | null

/** The office's questions numbered `q1`, `q2` … in the order written: the ids the answers are kept by. */
export function numberedQuestions(questions: readonly QuestionInput[]): AskQuestion[] {
  return questions.map((question, index) => ({
    id: `q${index + 1}`, label: question.label, kind: question.kind, required: question.required, medical: question.medical,
    ...(question.choices ? { choices: question.choices } : {})
  }))
}

/** What is wrong with one value for its question, or undefined. */
function valueProblem(question: AskQuestion, value: FormValue): string | undefined {
  if (value === null) return undefined
  switch (question.kind) {
    case 'yes_no': return typeof value === 'boolean' ? undefined : 'Answer yes or no.'
    case 'date': return typeof value === 'string' && isDay(value) ? undefined : 'Use a day as YYYY-MM-DD.'
    case 'choice': return typeof value === 'string' && question.choices?.includes(value) ? undefined : 'Choose one of the choices.'
    case 'short_text':
      if (typeof value !== 'string') return 'Answer in words.'
      return value.length > 300 ? 'At most 300 characters.' : plainLineRefusal(value)?.message
    case 'long_text': return typeof value !== 'string' ? 'Answer in words.' : multilineTextRefusal(value)?.message
  }
}

/** Whether a value counts as an answer: a blank text does not. */
const answered = (value: FormValue | undefined) => value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '')

/**
 * A `yes`'s answers to the ask's questions, checked (docs/consents.md, "Questions"): each names a question of
 * the ask, holds a value its kind takes, and every required question is answered; each problem names its
 * field (`answers.q2`). Kept apart: the medical questions' answers from the others. Texts are kept trimmed.
 */
export function checkedFormAnswers(questions: readonly AskQuestion[], given: Record<string, FormValue> | undefined, required: boolean) {
  const values = given ?? {}
  const problems: FieldProblem[] = []
  const byId = new Map(questions.map(question => [question.id, question]))
  for (const [id, value] of Object.entries(values)) {
    const question = byId.get(id)
    const problem = question ? valueProblem(question, value) : 'Not a question of this ask.'
    if (problem) problems.push({ path: `answers.${id}`, message: problem })
  }
  if (required) {
    for (const question of questions) {
      if (question.required && !answered(values[question.id])) problems.push({ path: `answers.${question.id}`, message: 'Answer this question.' })
    }
  }
  const kept = (medical: boolean) => Object.fromEntries(questions.filter(question => question.medical === medical && answered(values[question.id]))
    .map(question => [question.id, typeof values[question.id] === 'string' ? (values[question.id] as string).trim() : values[question.id]!]))
  const form = kept(false)
  const medical = kept(true)
  if (new TextEncoder().encode(JSON.stringify({ ...form, ...medical })).length > formAnswersBytes) {
    problems.push({ path: 'answers', message: 'At most 64 KiB of answers.' })
  }
  return { problems, form: Object.keys(form).length ? form : null, medical: Object.keys(medical).length ? medical : null }
}
