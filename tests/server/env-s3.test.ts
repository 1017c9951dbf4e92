// The S3_* settings as server/env.ts reads them: static keys come as a pair (with an optional session
// token), or not at all so the AWS default credential chain applies. Bad combinations stop the server
// at start with a clear message — checked in a child process, since readEnv exits.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { readEnv } from '../../server/env.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

function startWith(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "import { readEnv } from './server/env.ts'; readEnv(); console.log('started')"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

describe('S3 settings', () => {
  test('both keys and a session token make temporary static credentials', () => {
    const env = readEnv({ S3_BUCKET: 'fleetyard-files', S3_ACCESS_KEY_ID: 'ASIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'token' })
    expect(env.s3).toEqual({
      endpoint: undefined,
      bucket: 'fleetyard-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
      forcePathStyle: true,
    })
  })

  test('with neither key the credentials are left to the default chain, and an empty value counts as unset', () => {
    const env = readEnv({ S3_BUCKET: 'fleetyard-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: '', S3_FORCE_PATH_STYLE: '0' })
    expect(env.s3).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'fleetyard-files', region: 'eu-central-1', credentials: undefined, forcePathStyle: false })
  })

  test('without S3_BUCKET files stay on disk whatever keys are set', () => {
    expect(readEnv({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }).s3).toBeUndefined()
  })

  test('one key without the other stops the server with a message', () => {
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      const run = startWith({ S3_BUCKET: 'fleetyard-files', [key]: 'half' })
      expect(run.status).toBe(1)
      expect(run.stdout).not.toContain('started')
      expect(run.stderr).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credential chain')
    }
  })

  test('a session token without keys stops the server with a message', () => {
    const run = startWith({ S3_BUCKET: 'fleetyard-files', S3_SESSION_TOKEN: 'token' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('S3_SESSION_TOKEN needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  })

  test('the same settings with both keys start', () => {
    const run = startWith({ S3_BUCKET: 'fleetyard-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('started')
    expect(run.status).toBe(0)
  })
})
