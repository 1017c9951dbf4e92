/** An SVG document as a data: URL (percent-encoded, which keeps it smaller than base64). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`
}
