/**
 * A card as a value of main's messages: its text when the gateway named its brand (brand names are the
 * same in every language), else "Card •••• 5332" by id, so that the screens word "Card" in the desk's
 * language; `otherwise` when nothing is known of it.
 */
import { cardParts, cardText, type CardFacts } from '../card-text'
import { say, type Said, type SaidValue } from './say'

export function cardSaid(card: CardFacts, otherwise: Said): SaidValue {
  const { brand, number } = cardParts(card)
  if (!brand && number) return say('said.timeline.unbrandedCard', { number })
  return cardText(card) ?? otherwise
}
