/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Each connection goes through these in turn; setupRequest may change a request. */
    requests?: {
      setupRequest?: (request: { headers?: Record<string, string>; body?: string }) => {
        headers?: Record<string, string>;
        body?: string;
      };
    }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
