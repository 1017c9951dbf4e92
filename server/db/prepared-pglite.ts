// The prepared PGlite data directory (docs/decisions/020-a-lighter-embedded-database.md): what a first
// start writes before the demo seed (PGlite's initdb, the migrations, the job queue's schema and queues),
// made once by `npm run db:prepare` and shipped in the repository as a brotli-compressed tar. A new
// DATA_DIR starts from a copy of it instead of running initdb in WebAssembly, which took 12–28 s and
// 860–960 MB of RSS (a second PGlite instance beside the first), and the DDL after it (about 100 MB more
// of compiled WebAssembly). The migrations and the job queue still run at every start, so a prepared
// dir older than the newest migration only costs a first start the ones it lacks. Another PGlite version
// cannot use it (its catalog may differ): then a new data dir falls back to PGlite's own initdb.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, open, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliDecompressSync } from 'node:zlib'

const PREPARED_DIR = fileURLToPath(new URL('./prepared/', import.meta.url))
export const PREPARED_ARCHIVE = path.join(PREPARED_DIR, 'pglite-datadir.tar.br')
export const PREPARED_STAMP = path.join(PREPARED_DIR, 'pglite-datadir.json')

/** What the archive was made by: checked before a new data dir is made from it. */
export interface PreparedStamp {
  /** The @electric-sql/pglite version whose initdb wrote it: a data dir opens only with the PostgreSQL build that made it. */
  pglite: string
  /** PG_VERSION inside it (the PostgreSQL major version). */
  postgres: string
  /** The last migration applied in it; a new data dir applies any later ones at its first start. */
  lastMigration: string
  /** The pg-boss version whose schema and queues it holds; a newer pg-boss migrates its schema forward at start. */
  pgBoss: string
  /** Bytes of the uncompressed tar. */
  tarBytes: number
}

/** The installed @electric-sql/pglite version (its package.json is not among its exports, so read from disk). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  let dir = path.dirname(entry)
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version
    } catch {
      // No package.json at this level; look one up.
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Cannot find the version of @electric-sql/pglite')
    dir = parent
  }
}

export function readPreparedStamp(): PreparedStamp | undefined {
  try {
    return JSON.parse(readFileSync(PREPARED_STAMP, 'utf8')) as PreparedStamp
  } catch {
    return undefined
  }
}

/** Why the prepared archive cannot be used here, or undefined when it can. */
export function preparedUnusable(): string | undefined {
  const stamp = readPreparedStamp()
  if (!stamp) return `there is no prepared data dir (${PREPARED_STAMP})`
  const installed = installedPgliteVersion()
  if (stamp.pglite !== installed) return `the prepared data dir was made by PGlite ${stamp.pglite}, and this is PGlite ${installed} (npm run db:prepare makes a new one)`
  return undefined
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** True when `dir` holds a PostgreSQL data directory (PGlite's own test: its PG_VERSION file). */
export const isDataDir = (dir: string) => exists(path.join(dir, 'PG_VERSION'))

/**
 * Makes `dir` a new data directory from the prepared archive, when `dir` holds none yet and the archive
 * suits the installed PGlite. Answers whether it did; when not, PGlite's initdb makes one as before.
 * The copy is written beside `dir` and renamed into place once whole, so a process killed halfway leaves
 * no half a database behind, only a `.partial` directory the next start replaces.
 */
export async function createFromPrepared(dir: string, warn: (line: string) => void = console.warn): Promise<boolean> {
  if (await isDataDir(dir)) return false
  const unusable = preparedUnusable()
  if (unusable) {
    warn(`Creating the database with PGlite's initdb, which takes about half a minute and up to 1 GB of memory: ${unusable}.`)
    return false
  }
  const partial = `${dir}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true, mode: 0o700 })
  // Decompressed whole (42 MB, for a moment) into one buffer of the size the stamp gives: in the default
  // 16 KB pieces, or as a stream on the thread pool, the allocator kept about 50 MB of them for good.
  // Even so it kept about 30 MB, so the compiled server does it in a child process that ends
  // (extract-prepared.ts, compiled beside main.mjs); the sources (tests, `npm run dev`) do it here.
  const stamp = readPreparedStamp()!
  const extractor = compiledExtractor()
  if (extractor) await promisify(execFile)(process.execPath, [extractor, PREPARED_ARCHIVE, partial, String(stamp.tarBytes)])
  else await extractTar(brotliDecompressSync(await readFile(PREPARED_ARCHIVE), { chunkSize: stamp.tarBytes + BLOCK }), partial)
  if (!(await isDataDir(partial))) throw new Error(`The prepared data dir ${PREPARED_ARCHIVE} holds no PG_VERSION`)
  await syncDir(partial)
  // An empty directory where the data dir goes (made by hand, or by a start killed before initdb wrote
  // anything) gives way; one with files in it is not ours to remove, and rmdir refuses it.
  if (await exists(dir)) {
    try {
      await rmdir(dir)
    } catch {
      await rm(partial, { recursive: true, force: true })
      warn(`${dir} is not empty and holds no database: leaving it to PGlite's initdb.`)
      return false
    }
  }
  await rename(partial, dir)
  await syncDir(path.dirname(dir))
  return true
}

/** extract-prepared.mjs beside the compiled server that runs (build/server/main.mjs), if that is what runs. */
function compiledExtractor(): string | undefined {
  const main = process.argv[1]
  if (!main?.endsWith('.mjs')) return undefined
  const extractor = path.join(path.dirname(path.resolve(main)), 'extract-prepared.mjs')
  return existsSync(extractor) ? extractor : undefined
}

/** Flushes a directory's entries (a rename's new name) to disk; Windows cannot open directories, and needs none. */
async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export const BLOCK = 512

/** One entry's path inside the archive, made safe to join to the target: relative, with no `..`. */
function entryPath(header: Buffer): string {
  const text = (from: number, length: number) => {
    const field = header.subarray(from, from + length)
    const end = field.indexOf(0)
    return field.subarray(0, end === -1 ? length : end).toString('utf8')
  }
  const prefix = header.subarray(257, 263).toString('latin1').startsWith('ustar') ? text(345, 155) : ''
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100)
  const parts = name.split('/').filter((part) => part !== '' && part !== '.')
  if (parts.length === 0 || parts.some((part) => part === '..' || part.includes('\\'))) throw new Error(`Unsafe path in the prepared data dir: ${name}`)
  return parts.join('/')
}

const octal = (header: Buffer, from: number, length: number) => parseInt(header.subarray(from, from + length).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8)

/**
 * Writes a ustar archive's directories and regular files under `into`. Enough for what PGlite's
 * dumpDataDir writes (no links, names under 256 bytes); anything else is refused. The files are not
 * synced one by one: PGlite runs PostgreSQL with fsync off (its `-F`) whatever we do, and what this
 * guards against is a process killed halfway, which the rename into place already covers.
 */
export async function extractTar(tar: Buffer, into: string): Promise<void> {
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK)
    // Two zero blocks end the archive; one is enough to know.
    if (header.every((byte) => byte === 0)) return
    const target = path.join(into, entryPath(header))
    const mode = octal(header, 100, 8) & 0o777
    const size = octal(header, 124, 12)
    const type = String.fromCharCode(header[156] ?? 0)
    at += BLOCK
    if (type === '5') {
      await mkdir(target, { recursive: true, mode: mode || 0o700 })
      continue
    }
    if (type !== '0' && type !== '\0') throw new Error(`Unexpected entry of type '${type}' in the prepared data dir: ${target}`)
    if (at + size > tar.length) throw new Error('The prepared data dir ends in the middle of a file')
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    await writeFile(target, tar.subarray(at, at + size), { mode: mode || 0o600 })
    at += size + ((BLOCK - (size % BLOCK)) % BLOCK)
  }
  throw new Error('The prepared data dir has no end-of-archive block')
}

/** Writes the archive and its stamp (scripts/prepare-pglite.ts). */
export async function writePrepared(compressed: Buffer, stamp: PreparedStamp): Promise<void> {
  await mkdir(PREPARED_DIR, { recursive: true })
  await writeFile(PREPARED_ARCHIVE, compressed)
  await writeFile(PREPARED_STAMP, `${JSON.stringify(stamp, null, 2)}\n`)
}
