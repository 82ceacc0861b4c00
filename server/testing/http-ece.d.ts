/** The part of http_ece (RFC 8188/8291) the push tests use to read what a push service receives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(content: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
