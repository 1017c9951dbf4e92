// `./catalogs/<locale>.json?catalog`: the URL of the compiled catalog (scripts/vite-catalogs.ts).
declare module '*.json?catalog' {
  const url: string
  export default url
}
