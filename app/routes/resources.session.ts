/**
 * Returning to the visible tab (spec section 4): refresh the system time and, except on the screens
 * that opt out, the access token. A background refresh never sends the member to the error screen;
 * only a 'not login' reply leads to the login page.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseForm } from "../server/forms.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { requireMember } from "../server/member.server";
import { refreshToken } from "#core/api/endpoints";
import { isApiError } from "#core/api/errors";
import { mallContext } from "../server/context.server";

const ReturnSchema = z.object({
  intent: z.literal("return"),
  refreshToken: z.enum(["0", "1"]),
});

export const loader = postOnly;

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const form = await parseForm(request, ReturnSchema);
  if (!form.success) return resourceJson(mall, { ok: false as const }, { status: 400 });
  try {
    const [time, refreshed] = await Promise.all([mall.api.raw.gatewayTime({ fresh: true }), form.data.refreshToken === "1" ? mall.api.raw.reply(refreshToken) : Promise.resolve(null)]);
    if (refreshed) {
      const previous = mall.member?.token;
      if (previous) await mall.services.rotations.remember(previous, refreshed.data.access_token);
      mall.session.set("token", refreshed.data.access_token);
    }
    return resourceJson(mall, { ok: true as const, sysTime: time });
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_LOGIN") throw await mall.api.failure(error);
    if (isApiError(error)) return resourceJson(mall, { ok: false as const }, { status: 502 });
    throw error;
  }
}
