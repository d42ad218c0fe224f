/** The delay added to every gateway call (--latency, POST /__sandbox/latency); a reset puts back the one it started with. */
export class Latency {
  ms: number;

  constructor(readonly initialMs = 0) {
    this.ms = initialMs;
  }

  reset(): void {
    this.ms = this.initialMs;
  }
}
