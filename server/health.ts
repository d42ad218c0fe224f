/**
 * `/healthz` and `/readyz`, for a load balancer or an orchestrator, answered before the Host check and
 * the rate limits (server/app.ts): a probe comes from the infrastructure, at the instance's own
 * address. `/healthz` says the process serves (200). `/readyz` says whether it can serve members: 200
 * when every dependency answers, else 503 naming those that do not (and 503 once the server is
 * shutting down, so that the balancer sends no new requests while it drains).
 */
import express, { type Request, type Response } from "express";

export interface ReadinessChecks {
  /** Each dependency by name (`gateway`, `redis`): whether it answers now. */
  dependencies: Record<string, () => Promise<boolean>>;
  /** Whether the server has begun to shut down (server/shutdown.ts). */
  stopping(): boolean;
}

const NO_STORE = { "Cache-Control": "no-store" };

export function healthRoutes({ dependencies, stopping }: ReadinessChecks): express.Router {
  const router = express.Router();
  router.get("/healthz", (_req: Request, res: Response) => {
    res.set(NO_STORE).json({ ok: true });
  });
  router.get("/readyz", async (_req: Request, res: Response) => {
    const names = Object.keys(dependencies);
    const answers = await Promise.all(names.map((name) => dependencies[name]!().catch(() => false)));
    const down = names.filter((_, index) => !answers[index]);
    if (stopping()) down.push("shutting down");
    res
      .status(down.length === 0 ? 200 : 503)
      .set(NO_STORE)
      .json(down.length === 0 ? { ok: true } : { ok: false, down });
  });
  return router;
}
