/** Tokens hidden in a kept answer for the books, and put back from the request that replays it. */
import { describe, expect, it } from 'vitest'
import { hideTokens, revealTokens, tokenFingerprint } from '../../src-main/simulator/token-fingerprints'

describe('token fingerprints', () => {
  it('are one-way, fixed and base64url', () => {
    const token = '0123456789abcdef0123456789abcdef'
    expect(tokenFingerprint(token)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(tokenFingerprint(token)).toBe(tokenFingerprint(token))
    expect(tokenFingerprint(token)).not.toContain(token)
    expect(tokenFingerprint(`${token}0`)).not.toBe(tokenFingerprint(token))
  })

  it('hide every token-valued field wherever its text appears, and the request puts each back byte for byte', () => {
    const tokens = ['0123456789abcdef0123456789abcdef', 'a"b\\c é', 'A']
    const request = Buffer.from(JSON.stringify({ card: { token: tokens[0] }, token: { id: tokens[1] }, other: { token_id: tokens[2] } }))
    const answer = JSON.stringify({ card: { token: tokens[0], masked: '512091******0012' }, token: { id: tokens[1] }, card_payment: { token_id: tokens[2] }, note: `was ${tokens[0]}` })
    const hidden = hideTokens(answer)
    expect(hidden.hidden).toBe(true)
    expect(hidden.text).not.toContain(tokens[0])
    expect(hidden.text).not.toContain(JSON.stringify(tokens[1]).slice(1, -1))
    expect(JSON.parse(hidden.text)).toMatchObject({ card: { masked: '512091******0012' } })
    expect(revealTokens(hidden.text, request)).toBe(answer)
  })

  it('leave an answer without tokens as it is, and show a token the request does not hold masked', () => {
    expect(hideTokens('{"payment":{"status":"SUCCES"}}')).toEqual({ text: '{"payment":{"status":"SUCCES"}}', hidden: false })
    expect(hideTokens('not json')).toEqual({ text: 'not json', hidden: false })
    const hidden = hideTokens(JSON.stringify({ card: { token: '0123456789abcdef0123456789abcdef' } }))
    expect(revealTokens(hidden.text, Buffer.from('{}'))).toBe('{"card":{"token":"••••cdef"}}')
  })
})
