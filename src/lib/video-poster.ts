// A video's poster frame, taken on the device when the video is captured (issue 16): a small JPEG of a
// frame half a second in, shown in galleries before (and instead of) loading the video itself.
// Where the browser cannot decode the video, there is simply no poster.

const POSTER_WIDTH = 480
const TIMEOUT_MS = 8_000

export function posterFrameOf(video: Blob): Promise<Blob | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null)
  const element = document.createElement('video')
  // Engines that cannot play it (or any video: jsdom) say so here.
  if (!element.canPlayType(video.type || 'video/mp4')) return Promise.resolve(null)
  const url = URL.createObjectURL(video)
  return new Promise<Blob | null>((resolve) => {
    const done = (poster: Blob | null) => {
      clearTimeout(timer)
      element.removeAttribute('src')
      element.load()
      URL.revokeObjectURL(url)
      resolve(poster)
    }
    const timer = setTimeout(() => done(null), TIMEOUT_MS)
    element.muted = true
    element.playsInline = true
    element.preload = 'auto'
    element.onerror = () => done(null)
    element.onloadeddata = () => {
      element.currentTime = Math.min(0.5, (element.duration || 1) / 2)
    }
    element.onseeked = () => {
      const width = Math.min(POSTER_WIDTH, element.videoWidth || POSTER_WIDTH)
      const height = Math.round(width * ((element.videoHeight || 3) / (element.videoWidth || 4)))
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) return done(null)
      context.drawImage(element, 0, 0, width, height)
      canvas.toBlob((blob) => done(blob), 'image/jpeg', 0.7)
    }
    element.src = url
  })
}
