// Brotli copies of the built client's text files, made once at build time at the highest quality, so the
// server sends `file.br` to browsers that take it instead of gzipping each response as it goes
// (server/http/static.ts). Brotli at quality 11 is 10–15 % smaller than gzip for our chunks; on a slow
// phone link that is what stands between the first request and the opening screen (issue 24 item 8).
// Too slow to run per request; free when done here.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import type { Plugin } from 'vite'

const compress = promisify(brotliCompress)

/** What a browser fetches as text; images, fonts and video are compressed formats already. */
export const PRECOMPRESSED_TYPES = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this, a compressed body saves less than its own header costs (hono/compress uses the same). */
export const PRECOMPRESS_MIN_BYTES = 1024

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/** Writes `<file>.br` beside every text file of `dir` worth compressing; returns how many it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSED_TYPES.test(file))
  let written = 0
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) return
      const body = await readFile(file)
      const compressed = await compress(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
      await writeFile(`${file}.br`, compressed)
      written += 1
    }),
  )
  return written
}

/** The plugin: runs after every other plugin's closeBundle, so the service worker is compressed too. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'fleetyard:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir)
      },
    },
  }
}
