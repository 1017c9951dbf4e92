// A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb into a temp dir, the server on
// a free loopback port with its unix socket inside that dir, one trusted superuser, durability off (the
// data dies with the run anyway). PostgreSQL refuses to run as root, so as root it runs as `postgres`
// (the package's own user) or, lacking that, `nobody`.
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/free-port.ts'

export interface TempCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string
  port: number
  dir: string
  stop(): Promise<void>
}

const SUPERUSER = 'fy'

/** The newest /usr/lib/postgresql/<version>/bin that has initdb (PG_BIN_DIR overrides). */
export function postgresBinDir(): string {
  const override = process.env.PG_BIN_DIR
  if (override) return override
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) {
    throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (or set PG_BIN_DIR).')
  }
  return path.join(root, versions[0], 'bin')
}

function idOf(user: string, flag: '-u' | '-g'): number | null {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' })
  return result.status === 0 ? Number(result.stdout.trim()) : null
}

/** The account to run the server as: ourselves, unless we are root. */
function serverAccount(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  for (const user of ['postgres', 'nobody']) {
    const uid = idOf(user, '-u')
    const gid = idOf(user, '-g')
    if (uid !== null && gid !== null) return { user, uid, gid }
  }
  throw new Error('Running as root, but there is no `postgres` or `nobody` account to run PostgreSQL as.')
}

function run(command: string, args: string[], account: ReturnType<typeof serverAccount>): Promise<void> {
  const [file, argv] = account ? ['runuser', ['-u', account.user, '--', command, ...args]] : [command, args]
  return new Promise((resolve, reject) => {
    // stdin ignored and output piped: pg_ctl's server child must not hold on to our terminal.
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output}`)),
    )
  })
}

/** pg_ctl on a temp cluster, as the account that owns it (PostgreSQL refuses to run as root). */
export function pgCtl(args: string[]): Promise<void> {
  return run(path.join(postgresBinDir(), 'pg_ctl'), args, serverAccount())
}

/** Creates and starts a cluster; `stop()` shuts it down and deletes every file of it. */
export async function startTempCluster(): Promise<TempCluster> {
  const bin = postgresBinDir()
  const account = serverAccount()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-pg-'))
  if (account) chownSync(dir, account.uid, account.gid)
  const dataDir = path.join(dir, 'data')
  const logFile = path.join(dir, 'server.log')
  const pgCtlPath = path.join(bin, 'pg_ctl')

  let started = false
  const stopNow = () => {
    if (!started) return
    started = false
    const args = ['stop', '-D', dataDir, '-m', 'immediate', '-w']
    if (account) spawnSync('runuser', ['-u', account.user, '--', pgCtlPath, ...args], { stdio: 'ignore' })
    else spawnSync(pgCtlPath, args, { stdio: 'ignore' })
  }
  // A run cut short (Ctrl-C, a crash) must not leave a server running in the background.
  const onExit = () => {
    stopNow()
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  try {
    await run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C'],
      account,
    )
    let port = 0
    // The free port is only free until someone else takes it: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort()
      const options = [
        '-c listen_addresses=127.0.0.1',
        `-c port=${port}`,
        `-c unix_socket_directories=${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ')
      try {
        await run(pgCtlPath, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options], account)
        started = true
        break
      } catch (error) {
        if (attempt >= 3) {
          const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
          throw new Error(`${(error as Error).message}\n${log}`, { cause: error })
        }
      }
    }
    return {
      url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
      port,
      dir,
      stop: async () => {
        process.removeListener('exit', onExit)
        onExit()
      },
    }
  } catch (error) {
    process.removeListener('exit', onExit)
    onExit()
    throw error
  }
}

/**
 * The PostgreSQL a test that must run on one uses: the `npm run test:pg` cluster (TEST_DATABASE_URL) when
 * there is one, else a temp cluster of its own, stopped by `stop`.
 */
export async function postgresForTest(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL
  if (given) return { adminUrl: given, stop: async () => {} }
  const cluster = await startTempCluster()
  return { adminUrl: cluster.url, stop: () => cluster.stop() }
}
