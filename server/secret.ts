// The server's signing secret (file URLs): generated once per data dir and kept there.
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret')
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch {
    // First start on this data dir.
  }
  const secret = randomBytes(32).toString('base64url')
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
