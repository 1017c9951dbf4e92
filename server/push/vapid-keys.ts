// The VAPID key pair (RFC 8292) pushes are signed with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, which every
// instance on one database shares (env.ts requires them with DATABASE_URL). Embedded, a pair generated once
// in DATA_DIR/vapid.json stands in, so `npm start` needs no configuration — like secret.ts's signing secret.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import webpush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  /** mailto: or https: — who a push service may contact about these pushes. */
  subject: string
}

export async function vapidKeys(options: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; dataDir: string }): Promise<VapidKeys> {
  const pair = options.vapid ?? (await loadOrCreateVapidPair(options.dataDir))
  return { ...pair, subject: options.subject }
}

export async function loadOrCreateVapidPair(dataDir: string): Promise<{ publicKey: string; privateKey: string }> {
  const file = path.join(dataDir, 'vapid.json')
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown }
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey }
  } catch {
    // First start on this data dir.
  }
  const pair = webpush.generateVAPIDKeys()
  await writeFile(file, JSON.stringify(pair), { mode: 0o600 })
  return pair
}
