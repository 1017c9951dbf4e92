// `npm run build` (after the app): compiles the server (server/main.ts and what it imports from server/
// and core/) into one ES module, build/server/main.mjs, which `npm start` runs with plain node. Packages
// stay imports of node_modules. Running the TypeScript through tsx instead cost the server about 80 MB
// of RSS (its loader thread, and each module's source kept with its source map) —
// docs/decisions/020-a-lighter-embedded-database.md. Tests and `npm run dev` still run the sources
// through tsx.
// What only some servers need — the S3 store with the AWS SDK, the PDF reports with pdf-lib — is
// imported with `import()` where it is used, and goes into chunks of its own beside main.mjs
// (`splitting`), so its packages are loaded with it and not at start (decision 020). The chunks sit in
// the same directory as main.mjs, so `import.meta.url` means the same place in all of them.
// `import.meta.url` in a source file means that file's own place (its migrations, its media, ../dist),
// so each one becomes the source file's URL, relative to the bundle so the checkout can move.
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const outfile = path.resolve(process.argv[2] ?? path.join(root, 'build/server/main.mjs'))
const outdir = path.dirname(outfile)

/** @type {import('esbuild').Plugin} */
const ownPlace = {
  name: 'import-meta-url-of-the-source',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' }
      const relative = path.relative(outdir, args.path).split(path.sep).join('/')
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' }
    })
  },
}

const started = performance.now()
const result = await build({
  // extract-prepared.mjs: what a first start runs in a child process (server/db/prepared-pglite.ts).
  entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'server/main.ts'), 'extract-prepared': path.join(root, 'server/db/extract-prepared.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: '[name]-[hash]',
  metafile: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [ownPlace],
})
// The chunks of earlier builds (named for a hash of their content) that this one did not write.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)))
for (const file of await readdir(outdir)) {
  if (/-[A-Z0-9]{8}\.mjs(\.map)?$/.test(file) && !written.has(path.join(outdir, file))) await rm(path.join(outdir, file), { force: true })
}
console.log(`Server compiled into ${path.relative(root, outfile)} (${Math.round(performance.now() - started)} ms)`)
