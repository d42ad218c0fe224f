/**
 * The tenants' controls, at the sandbox's root (sandbox/tenants.ts): which tenants there are, and
 * dropping one. Under a tenant's prefix they are not its to answer: a tenant sees its own sandbox only.
 * And each tenant's mall origins: a mall started for a tenant of a shared sandbox adds its own.
 */
import type { HttpHandler } from "msw";
import * as controls from "#core/controls/declarations";
import type { TenantLimits, TenantSummary } from "../../tenants";
import { MallOriginSchema } from "../../access";
import { refuse, serveControl } from "./serve-control";

export interface TenantControlParts {
  /** This sandbox's mall origins (the sign-in page's and the wallet stand-in's), which a control may add to. */
  mallOrigins: Set<string>;
  /** The root's view of its tenants; absent in a tenant's own sandbox. */
  tenants?: { list(): TenantSummary[]; drop(name: string): boolean; readonly limits: TenantLimits };
}

/** Enough for every mall a team's CI starts; a runaway loop is refused. */
const MAX_MALL_ORIGINS = 256;

export function tenantControls({ tenants, mallOrigins }: TenantControlParts): HttpHandler[] {
  const atRootOnly = () => refuse(404, "tenants are listed and deleted at the sandbox's root (/__sandbox/tenants), not under a tenant");
  return [
    serveControl(controls.tenants, () => (tenants ? { tenants: tenants.list(), limits: tenants.limits } : atRootOnly())),
    serveControl(controls.deleteTenant, ({ params }) => {
      if (!tenants) return atRootOnly();
      return tenants.drop(params.name) ? { ok: true as const } : refuse(404, `no tenant ${params.name}`);
    }),
    serveControl(controls.mallOrigins, () => ({ origins: [...mallOrigins] })),
    serveControl(controls.addMallOrigin, ({ input }) => {
      const origin = MallOriginSchema.safeParse(input.origin);
      if (!origin.success) return refuse(400, `origin: ${origin.error.issues[0]?.message ?? "not an origin"}`);
      if (!mallOrigins.has(origin.data) && mallOrigins.size >= MAX_MALL_ORIGINS) return refuse(409, `this sandbox already has ${MAX_MALL_ORIGINS} mall origins`);
      mallOrigins.add(origin.data);
      return { ok: true as const, origins: [...mallOrigins] };
    }),
  ];
}
