// Media for the demo company's finished inspections (issue 16), so a new user sees galleries working on
// first start: photos drawn in code at seed time (a unit's side, a tire, a light, a gauge — real PNGs,
// nothing binary in the repository for them) and one short committed video (4 s WebM, 30 KB, made with
// scripts/make-demo-video.ts) with its poster frame.
import { readFileSync } from 'node:fs'
import { encodePng } from '../media/png.ts'

export type DemoScene = 'side' | 'tire' | 'light' | 'gauge'

type Rgb = readonly [number, number, number]

const WIDTH = 480
const HEIGHT = 320

/** The colour of pixel (x, y) of a scene; `accent` tells photos of the same scene apart. */
function pixelOf(scene: DemoScene, x: number, y: number, accent: Rgb): Rgb {
  const sky: Rgb = [150 + Math.round((y / HEIGHT) * 60), 200, 235]
  const ground: Rgb = [110, 116, 124]
  const near = (cx: number, cy: number) => Math.hypot(x - cx, y - cy)
  switch (scene) {
    case 'side': {
      if (y > 230) return (x + y) % 40 < 3 ? [230, 230, 230] : ground
      for (const wheel of [110, 250, 380]) {
        if (near(wheel, 232) < 30) return near(wheel, 232) < 12 ? [190, 190, 190] : [25, 25, 30]
      }
      if (x > 60 && x < 320 && y > 110 && y < 225) return accent
      if (x >= 320 && x < 430 && y > 140 && y < 225) return x > 345 && x < 410 && y > 150 && y < 185 ? [190, 220, 245] : [200, 40, 40]
      return sky
    }
    case 'tire': {
      const d = near(240, 160)
      if (d < 40) return [170, 170, 178]
      if (d < 120) return Math.floor(Math.atan2(y - 160, x - 240) * 12) % 2 === 0 ? [30, 30, 34] : [48, 48, 54]
      return y > 260 ? ground : accent
    }
    case 'light': {
      const d = near(240, 150)
      if (d < 60) return [255, 246, 200]
      if (d < 80) return [235, 200, 90]
      if (d < 100) return [60, 60, 66]
      return accent
    }
    case 'gauge': {
      const d = near(240, 180)
      if (d > 130) return [40, 44, 52]
      const needle = Math.abs((x - 240) * 0.8 + (y - 180) * 0.6) < 3 && y < 180 && x < 240
      if (needle) return [220, 38, 38]
      if (d > 118) return accent
      return [245, 245, 240]
    }
  }
}

/** A 480×320 PNG of a scene. */
export function demoPhotoPng(scene: DemoScene, accent: Rgb): Uint8Array {
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT)
  let at = 0
  for (let y = 0; y < HEIGHT; y++) {
    rows[at++] = 0 // filter: none
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = pixelOf(scene, x, y, accent)
      rows[at++] = r
      rows[at++] = g
      rows[at++] = b
    }
  }
  return encodePng(WIDTH, HEIGHT, 'rgb', rows)
}

export const DEMO_PHOTO_SIZE = { width: WIDTH, height: HEIGHT }

/** The committed demo video and its poster frame. */
export function demoVideo(): { video: Uint8Array; poster: Uint8Array } {
  return {
    video: new Uint8Array(readFileSync(new URL('./walkaround.webm', import.meta.url))),
    poster: new Uint8Array(readFileSync(new URL('./walkaround-poster.jpg', import.meta.url))),
  }
}
