// http_ece (the Encrypted Content-Encoding library web-push encrypts with) ships no types; the push
// tests decrypt with it, as the browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer
}
