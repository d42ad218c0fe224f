/** The sandbox's settings that its controls change while it runs (POST /__sandbox/latency). */
export interface SandboxSettings {
  latencyMs: number;
  readonly initialLatencyMs: number;
}
