/**
 * The four families of payment channels the home screen's chart and the end-of-day report add up by
 * (issue 20): card (card links and phone orders), FPX online banking, e-wallets and pay-later. A
 * channel the app does not know yet is "other", never dropped. Pure; main and the renderer share it.
 * Staff read the families' names from the catalogues (`home.chart.group.*`), in their language.
 */
export const CHANNEL_GROUPS = ['card', 'fpx', 'ewallet', 'paylater', 'other'] as const
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number]

export function channelGroup(channel: string): ChannelGroup {
  if (channel === 'CARD') return 'card'
  if (channel === 'INTERNET_BANKING_FPX') return 'fpx'
  if (channel.startsWith('EWALLET_')) return 'ewallet'
  if (channel.startsWith('BNPL_')) return 'paylater'
  return 'other'
}
