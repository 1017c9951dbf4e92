// Demo data for a new data dir: a company, its owner, two drivers, units in every status.
import type { Db } from './db/client.ts'

export interface SeedOptions {
  log: (line: string) => void
}

export async function seedDemo(_db: Db, _options: SeedOptions): Promise<void> {}
