// Minimal types of s3rver (dev only: a local S3-compatible server for tests).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      port?: number; address?: string; silent?: boolean; directory?: string; resetOnClose?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
