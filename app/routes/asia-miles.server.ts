/** An Asia Miles product's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { milesProduct } from "#core/api/promotion-endpoints";
import { mallContext } from "../server/context.server";
import { orNotFound } from "../server/gateway.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";

export async function milesData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { params } = args;
  const mall = await mallContext(args);
  const id = idParam(params.id);
  await requireMember(mall);
  const product = await orNotFound(mall.api.call(milesProduct, { id }));
  return { product };
}
