// `node build/server/extract-prepared.mjs <archive> <into> <tar bytes>`: what the compiled server runs in
// a child process to unpack the prepared PGlite data dir into a new `DATA_DIR/pglite.partial`
// (prepared-pglite.ts). In the server's own process, the 42 MB tar and its decompression left about
// 30 MB with the allocator for good (docs/decisions/020-a-lighter-embedded-database.md); a process that
// ends gives all of it back. scripts/build-server.mjs compiles it beside main.mjs.
import { readFile } from 'node:fs/promises'
import { brotliDecompressSync } from 'node:zlib'
import { BLOCK, extractTar } from './prepared-pglite.ts'

const [archive, into, tarBytes] = process.argv.slice(2)
if (!archive || !into || !tarBytes) throw new Error('usage: extract-prepared <archive> <into> <tar bytes>')
await extractTar(brotliDecompressSync(await readFile(archive), { chunkSize: Number(tarBytes) + BLOCK }), into)
