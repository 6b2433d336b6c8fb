/** The takings chart's stacking and axis text (src-renderer/features/home/stack.ts), and the channel families. */
import { describe, expect, it } from 'vitest'
import { channelGroup } from '../../../src-common/channel-groups'
import { axisRinggit, stackUp } from '../../../src-renderer/features/home/stack'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'

describe('the takings chart', () => {
  it('stacks each family on the ones before it: the top is the bucket total', () => {
    expect(
      stackUp([
        { group: 'card', values: [100, 0, 250] },
        { group: 'fpx', values: [50, 20, 0] },
        { group: 'ewallet', values: [0, 5, 1] },
      ]),
    ).toEqual([
      [100, 0, 250],
      [150, 20, 250],
      [150, 25, 251],
    ])
    expect(stackUp([])).toEqual([])
  })

  it('labels its axis in ringgit from sen', async () => {
    expect([axisRinggit(0), axisRinggit(35_000), axisRinggit(1_250_00), axisRinggit(2_500_000_00)]).toEqual(['RM 0', 'RM 350', 'RM 1.3k', 'RM 2.5m'])
    await switchLanguage('ms')
    try {
      expect([axisRinggit(35_000), axisRinggit(1_250_00), axisRinggit(2_500_000_00)]).toEqual(['RM 350', 'RM 1.3 ribu', 'RM 2.5 juta'])
    } finally {
      await switchLanguage('en')
    }
  })

  it('puts every channel in a family, an unknown one in Other', () => {
    expect(['CARD', 'INTERNET_BANKING_FPX', 'EWALLET_TNG', 'EWALLET_SHOPEEPAY', 'BNPL_ATOME', 'QRIS'].map(channelGroup)).toEqual(['card', 'fpx', 'ewallet', 'ewallet', 'paylater', 'other'])
  })
})
