import { describe, expect, it } from 'vitest'
import { easyPin } from '../../src-common/pin-rule'

describe('a PIN too easy to guess', () => {
  it('is one digit repeated or digits in a row, up or down', () => {
    for (const pin of ['000000', '999999', '123456', '234567', '987654', '0123456789']) expect(easyPin(pin), pin).toBe(true)
  })

  it('is not any other PIN, nor one of letters', () => {
    for (const pin of ['135790', '246810', '112233', '123455', '121212', '890123', 'aaaaaaaa', 'abcdefgh']) expect(easyPin(pin), pin).toBe(false)
  })
})
