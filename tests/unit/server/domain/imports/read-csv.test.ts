import { describe, expect, it } from 'vitest'
import { readCsv, readCsvLines } from '../../../../../server/domain/imports/read-csv'

async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const record of records) out.push(record)
  return out
}

describe('the shared CSV reader', () => {
  it('gives each record, the header first, by the line of the file it starts on, past blank lines and quoted line breaks of either kind', async () => {
    expect(await all(readCsvLines('\ufeffh,i\r\n\r\na,"b\r\nc"\r\nd,"e\nf",g\n\ne\rf,h\n'))).toEqual([
      { line: 1, fields: ['h', 'i'] },
      { line: 3, fields: ['a', 'b\r\nc'] },
      { line: 5, fields: ['d', 'e\nf', 'g'] },
      { line: 8, fields: ['e\rf', 'h'] }
    ])
  })

  it('names a broken quote as an unreadable line and reads on', async () => {
    expect(await all(readCsvLines('h,i\r\na,"b\r\nc"\r\nd,e"f\r\ng,h\r\n'))).toEqual([
      { line: 1, fields: ['h', 'i'] },
      { line: 2, fields: ['a', 'b\r\nc'] },
      { line: 4, reason: expect.stringContaining('quote') },
      { line: 5, fields: ['g', 'h'] }
    ])
  })

  it('by column name, refuses a line of the wrong length by its line', async () => {
    const csv = await readCsv('h,i\r\na,"b\r\nc"\r\nd\r\n', { required: ['h', 'i'] })
    expect(csv.headerProblems).toEqual([])
    expect(await all(csv.records)).toEqual([{ line: 2, values: { h: 'a', i: 'b\r\nc' } }, { line: 4, reason: 'The line has 1 fields; the header has 2.' }])
  })
})
