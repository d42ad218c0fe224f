/**
 * Returning to the visible tab (spec section 4): refresh the system time and, except on the screens
 * that opt out, the access token. A background refresh never sends the member to the error screen;
 * only a 'not login' reply leads to the login page.
 */
import type { RouteHandle } from "../screen-handle";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseForm } from "../server/forms.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { requireMember } from "../server/member.server";
import { refreshToken } from "#core/api/endpoints";
import { isApiError } from "#core/api/errors";
import { rememberRotation } from "../server/token-rotation.server";

export const handle: RouteHandle = { calls: { loader: [], action: { return: ["systemTime", "refreshToken"] } } };

const ReturnSchema = z.object({
  intent: z.literal("return"),
  refreshToken: z.enum(["0", "1"]),
});

export const loader = postOnly;

export async function action({ request, context }: ActionFunctionArgs) {
  await requireMember(context);
  const form = await parseForm(request, ReturnSchema);
  if (!form.success) return resourceJson({ ok: false as const }, { status: 400 });
  try {
    const [time, refreshed] = await Promise.all([context.api.readGatewayClock(), form.data.refreshToken === "1" ? context.api.client.call(refreshToken) : Promise.resolve(null)]);
    if (refreshed) {
      const previous = context.member?.token;
      if (previous) rememberRotation(previous, refreshed.data.access_token);
      context.session.set("token", refreshed.data.access_token);
    }
    return resourceJson({ ok: true as const, sysTime: time });
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_LOGIN") throw await context.api.failure(error);
    if (isApiError(error)) return resourceJson({ ok: false as const }, { status: 502 });
    throw error;
  }
}
