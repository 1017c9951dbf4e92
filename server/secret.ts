// The server's signing secret (file URLs, device tokens): FILE_URL_SECRET, which every instance on one
// database shares. Embedded (no DATABASE_URL), a secret generated once in DATA_DIR stands in for it, so
// `npm start` needs no configuration.
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export async function signingSecret(options: { fileUrlSecret: string | undefined; dataDir: string }): Promise<string> {
  return options.fileUrlSecret ?? loadOrCreateSecret(options.dataDir)
}

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
