// heic-decode ships no types; the part we use (README and lib.js of heic-decode 2.x).
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  /** One image of the file: its size is known after parsing the container, before decode() decodes its pixels. */
  type HeifImage = { width: number; height: number; decode(): Promise<Decoded> };
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<Decoded>;
  namespace decode {
    /** Parses the container only; call dispose() when done (frees the wasm images). */
    function all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}
