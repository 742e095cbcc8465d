import { describe, expect, it } from 'vitest'
import { csvStream, type FormulaCells } from '../../../../../server/domain/shared/csv-stream'

async function csvOf(rows: unknown[][], formulas: FormulaCells) {
  const stream = csvStream(['value', 'note'], formulas)
  for (const row of rows) stream.write(row)
  stream.end()
  let text = ''
  for await (const chunk of stream) text += chunk
  return text
}

const hostile = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTab first', '\rReturn first']

describe('CSV files', () => {
  it('warehouse files neutralise every formula cell with a leading quote', async () => {
    const text = await csvOf(hostile.map(value => [value, 'plain']), 'neutralise')
    expect(text).toBe([
      'value,note',
      '"\'=HYPERLINK(""http://x"")",plain',
      '\'+1,plain',
      '\'-2,plain',
      '\'@SUM(A1)',
      '\'\tTab first,plain',
      '"\'\rReturn first",plain',
      ''
    ].join('\r\n').replace('\'@SUM(A1)', '\'@SUM(A1),plain'))
  })

  it('roster files (machine exchange) keep the same values verbatim', async () => {
    const text = await csvOf(hostile.map(value => [value, 'plain']), 'verbatim')
    expect(text).toBe([
      'value,note',
      '"=HYPERLINK(""http://x"")",plain',
      '+1,plain',
      '-2,plain',
      '@SUM(A1),plain',
      '\tTab first,plain',
      '"\rReturn first",plain',
      ''
    ].join('\r\n'))
  })

  it('writes a header, CRLF line ends, empty cells for null, and UTF-8 names as they are', async () => {
    expect(await csvOf([['Østergaard, Zoë', null], [3, true]], 'neutralise')).toBe('value,note\r\n"Østergaard, Zoë",\r\n3,true\r\n')
  })
})
