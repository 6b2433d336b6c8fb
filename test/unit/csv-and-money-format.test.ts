import { describe, expect, it } from 'vitest'
import { csvCell, myrDecimal } from '../../src-main/services/csv-export'
import { formatRm, parseRmText } from '../../src-common/money-text'

describe('CSV cells', () => {
  it('write exact MYR decimals from sen', () => {
    expect(myrDecimal(1)).toBe('0.01')
    expect(myrDecimal(450)).toBe('4.50')
    expect(myrDecimal(100_000_099)).toBe('1000000.99')
    expect(myrDecimal(0)).toBe('0.00')
  })

  it('quote what needs quoting (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Tan, Mei Ling')).toBe('"Tan, Mei Ling"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
  })

  it('never let a spreadsheet run a formula from a cell, but leave phone numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"')
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('-25')).toBe('-25')
    expect(csvCell('+60123456789')).toBe('+60123456789')
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc")
  })
})

describe('ringgit as staff type and read it', () => {
  it('is formatted exactly from sen', () => {
    expect(formatRm(123_450)).toBe('RM 1,234.50')
    expect(formatRm(5)).toBe('RM 0.05')
  })

  it('is parsed exactly to sen, refusing more than two decimals', () => {
    expect(parseRmText('12')).toBe(1_200)
    expect(parseRmText('12.5')).toBe(1_250)
    expect(parseRmText('RM 1,234.56')).toBe(123_456)
    expect(parseRmText('0.29')).toBe(29)
    expect(parseRmText('1.005')).toBeNull()
    expect(parseRmText('-5')).toBeNull()
    expect(parseRmText('1,23')).toBeNull()
    expect(parseRmText('abc')).toBeNull()
  })
})
