// The part of autocannon's API that scripts/bench/bench-load.ts uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type RequestSpec = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: RequestSpec, context: Record<string, unknown>) => RequestSpec;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    /** Requests per second per connection (a visitor's pace); unset = as fast as answers come. */
    connectionRate?: number;
    requests?: RequestSpec[];
  };
  type Instance = Promise<Result> & {
    on(event: 'response', fn: (client: { requestIterator?: { context?: Record<string, unknown> } }, status: number, bytes: number, ms: number) => void): void;
    on(event: 'reqError', fn: (error: Error & { code?: string }) => void): void;
    stop(): void;
  };
  const autocannon: (options: Options) => Instance;
  export default autocannon;
}
