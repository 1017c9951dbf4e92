// A round user picture; the default avatar image stands in when there is none or it fails to load.
import { useState } from 'react'
import defaultAvatarSvg from '../../public/images/default-avatar.svg?raw'
import { svgDataUrl } from '../lib/svg-data-url.ts'

/** Inside the code rather than a file the first screen asks for (see brand-mark.ts). */
export const DEFAULT_AVATAR_URL = svgDataUrl(defaultAvatarSvg)

interface AvatarProps {
  src: string | null | undefined
  /** Empty when a name is shown beside the picture, so it is not read twice. */
  alt: string
  className?: string
}

export function Avatar({ src, alt, className = 'h-10 w-10' }: AvatarProps) {
  // Remembers which URL failed, so a new avatar URL gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const url = src && src !== failedSrc ? src : DEFAULT_AVATAR_URL
  return (
    <img
      src={url}
      alt={alt}
      className={`${className} shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700`}
      onError={() => {
        if (src && url === src) setFailedSrc(src)
      }}
    />
  )
}
