// heic-decode ships no types; the part we use (README of heic-decode 2.x).
declare module 'heic-decode' {
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
