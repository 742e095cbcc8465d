/**
 * The CEDS grade code (`KG`, `01` … `13`, `PK`) for one of the school's year levels, or null when the
 * level has no code (the grade is then left blank, which both formats allow). A fresh school's `K`,
 * `1` … `12` map directly; `Prep`, `Reception`, `Foundation` and `Kindergarten` are `KG`; a level
 * naming one number (`Year 7`, `Grade 10`) is that number with a leading zero.
 */
export function cedsGrade(yearLevel: string | null): string | null {
  if (yearLevel === null) return null
  const level = yearLevel.trim()
  if (/^(k|kg|kindergarten|prep|reception|foundation|f)$/i.test(level)) return 'KG'
  if (/^(pk|pre-?k|pre-?kindergarten|pre-?school)$/i.test(level)) return 'PK'
  const number = /^(?:(?:year|grade|yr|y|class|form)\s*)?(\d{1,2})$/i.exec(level)
  if (!number) return null
  const value = Number(number[1])
  return value >= 1 && value <= 13 ? String(value).padStart(2, '0') : null
}
