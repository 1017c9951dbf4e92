// The brand mark every screen shows, as a data: URL inside the code. As a file it was one more request
// on the page's six connections while the first screen's code and data were on the way, and in
// Lighthouse's model of a slow link it took a share of the link from them (docs/benchmarks.md). The file
// in public/ stays the one source: the manifest and the install icons use it too, and the favicon is
// inlined from it (scripts/vite-inline-favicon.ts). The stand-in avatar is inlined alike (avatar.tsx).
import brandMarkSvg from '../../public/icons/icon.svg?raw'
import { svgDataUrl } from '../lib/svg-data-url.ts'

export const BRAND_MARK_URL = svgDataUrl(brandMarkSvg)
