// The page's SVG favicon as a data: URL in index.html instead of a file the browser asks for while the
// page's own code is on the way (src/ui/brand-mark.ts says why that matters). Browsers that want
// the PNG (the apple-touch-icon) and the manifest's icons still get the files.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { svgDataUrl } from '../src/lib/svg-data-url.ts'

export function inlineFavicon(href: string): Plugin {
  let publicDir = ''
  return {
    name: 'fleetyard:inline-favicon',
    apply: 'build',
    configResolved: (config) => {
      publicDir = config.publicDir
    },
    transformIndexHtml: (html) => {
      const link = `<link rel="icon" href="${href}"`
      if (!html.includes(link)) throw new Error(`inline favicon: index.html has no ${link}`)
      const svg = readFileSync(path.join(publicDir, href), 'utf8')
      return html.replace(link, `<link rel="icon" href="${svgDataUrl(svg)}"`)
    },
  }
}
