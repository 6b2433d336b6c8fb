/**
 * The team database's password, kept in the keychain, is never read back (docs/security.md): not even
 * by asking main to "test a connection" to a server of one's own without typing the password. A fake
 * PostgreSQL on loopback (TLS may be off there) asks for the password in clear, as a real one may.
 */
import { createServer, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { CredentialVault } from '../../src-main/credentials/vault'
import { openKeychain } from '../../src-main/credentials/keychain'
import { startTrainingBackend, type TrainingTestBackend } from '../integration/training-fixture'

let app: TrainingTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

const KEPT = 'Team-DB-Pa55word-kept'

/** A server that speaks PostgreSQL's first steps: it asks for the password in clear and notes what it gets. */
async function passwordCatcher(): Promise<{ port: number; connections: () => number; caught: () => string | null; close: () => void }> {
  let connections = 0
  let caught: string | null = null
  const server = createServer((socket: Socket) => {
    connections += 1
    let buffered = Buffer.alloc(0)
    let askedForPassword = false
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk])
      if (!askedForPassword && buffered.length >= 4 && buffered.length >= buffered.readInt32BE(0)) {
        buffered = buffered.subarray(buffered.readInt32BE(0))
        askedForPassword = true
        const ask = Buffer.alloc(9)
        ask.write('R', 0)
        ask.writeInt32BE(8, 1)
        ask.writeInt32BE(3, 5) // AuthenticationCleartextPassword
        socket.write(ask)
      }
      if (askedForPassword && buffered.length >= 5 && buffered[0] === 0x70 && buffered.length >= 1 + buffered.readInt32BE(1)) {
        caught = buffered.subarray(5, buffered.readInt32BE(1)).toString('utf8')
        socket.destroy()
      }
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as { port: number }).port, connections: () => connections, caught: () => caught, close: () => server.close() }
}

it('sends the kept team password to no server the caller names: a password must be typed', async () => {
  const started = await startTrainingBackend({ signedIn: 'admin' })
  app = started
  await new CredentialVault(await openKeychain(started.keychainService)).setTeamSecret('password', KEPT)
  const catcher = await passwordCatcher()
  try {
    const connection = { host: '127.0.0.1', port: catcher.port, database: 'shop', user: 'app', tls: 'off', caFile: null }
    const answer = await started.backend.dispatch('team.probe', { connection })
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'password' } })
    expect(catcher.connections()).toBe(0)
    // Typed, the password is the one sent: the catcher works.
    await started.backend.dispatch('team.probe', { connection, password: 'typed-here' })
    expect(catcher.caught()).toBe('typed-here')
  } finally {
    catcher.close()
  }
})
