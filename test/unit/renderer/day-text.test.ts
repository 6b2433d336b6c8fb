import { describe, expect, it } from 'vitest'
import { addDays, dayFieldValue, dayRangeProblem, dayText, isDay, readDayText } from '../../../src-renderer/format/day-text'
import { startOfMalaysiaDay } from '../../../src-renderer/format/time'

describe('a day written day first', () => {
  it('reads day, month and year as Malaysia writes them, whatever splits them', () => {
    expect(readDayText('03/04/2026')).toBe('2026-04-03')
    expect(readDayText('3/4/2026')).toBe('2026-04-03')
    expect(readDayText(' 31-12-2026 ')).toBe('2026-12-31')
    expect(readDayText('1.2.2026')).toBe('2026-02-01')
    expect(readDayText('1 2 2026')).toBe('2026-02-01')
    expect(readDayText('29/02/2028')).toBe('2028-02-29')
    // A day written year first cannot be mistaken: read as it is.
    expect(readDayText('2026-04-03')).toBe('2026-04-03')
  })

  it('reads nothing from what names no day of the calendar', () => {
    for (const text of ['', '3/4', '3/4/26', '31/02/2026', '29/02/2027', '00/01/2026', '1/13/2026', '12/31/2026', '2026-02-31', '3/4/2026x', 'today', '1//2026']) {
      expect(readDayText(text), text).toBeNull()
    }
  })

  it('is shown day first, two digits each, and anything else as it was typed', () => {
    expect(dayText('2026-04-03')).toBe('03/04/2026')
    expect(dayText('')).toBe('')
    expect(dayText('3/4')).toBe('3/4')
    expect(dayText('2026-02-31')).toBe('2026-02-31')
  })

  it('is held as a day when it names one, blank when blank, and as typed otherwise', () => {
    expect(dayFieldValue('3/4/2026')).toBe('2026-04-03')
    expect(dayFieldValue('   ')).toBe('')
    expect(dayFieldValue('31/02/2026')).toBe('31/02/2026')
  })

  it('knows the calendar: no 31st of February, the 29th in a leap year only', () => {
    expect(isDay('2026-02-28')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2026-4-3')).toBe(false)
    // Before, 2026-02-31 searched from the 2nd of March.
    expect(startOfMalaysiaDay('2026-02-31')).toBeNull()
    expect(startOfMalaysiaDay('2026-03-02')).toBe('2026-03-01T16:00:00.000Z')
  })

  it('moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  })
})

describe('a range of days as typed', () => {
  it('names the end that is not a day, then a start after the end', () => {
    expect(dayRangeProblem('', '')).toBeNull()
    expect(dayRangeProblem('2026-03-01', '')).toBeNull()
    expect(dayRangeProblem('31/02/2026', '2026-03-01')).toBe('ui.dateField.fromProblem')
    expect(dayRangeProblem('2026-03-01', '3/2026')).toBe('ui.dateField.toProblem')
    expect(dayRangeProblem('2026-03-31', '2026-03-01')).toBe('orders.filters.datesReversed')
    expect(dayRangeProblem('2026-03-01', '2026-03-01')).toBeNull()
  })

  it('wants both ends when a range is required', () => {
    expect(dayRangeProblem('', '2026-03-01', { required: true })).toBe('ui.dateField.fromProblem')
    expect(dayRangeProblem('2026-03-01', '', { required: true })).toBe('ui.dateField.toProblem')
  })
})
