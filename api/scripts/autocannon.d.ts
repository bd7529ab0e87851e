// Minimal typing for the part of autocannon the load script uses (no @types package needed).
declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
  }
  function autocannon(options: {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  }): Promise<Result>;
  export default autocannon;
}
