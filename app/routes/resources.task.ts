/**
 * The task widget's server half: task detail (with the four checks) and the completion notice,
 * through the secure gateway. The widget posts here so that keys and secrets stay on the server.
 * Form-encoded posts need no CORS preflight, so a widget embedded on another site can call it too:
 * the mall's server lets in only the origins configured to embed it, and answers CORS to them alone
 * (server/cross-origin.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseForm } from "../server/forms.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { GatewayError } from "#core/node/gateway/client";
import { GatewayConfigError } from "#core/node/gateway/settings";
import { checkTaskDetail } from "#core/api/task-center";
import { countAgainst } from "../server/rate-limit.server";
import { taskCenterFor } from "../server/task-center.server";

/** The task link's token travels in a header to the task center: visible ASCII only. */
const Task = { token: z.string().regex(/^[\x21-\x7e]{1,512}$/), no: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) };
const TaskSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("detail"), ...Task }),
  z.object({ intent: z.literal("notify"), ...Task, checkValue: z.coerce.number().int().min(0).max(86_400) }),
]);

export const loader = postOnly;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  await countAgainst(args, "task", "resource");
  const form = await parseForm(request, TaskSchema);
  if (!form.success) return resourceJson(null, { ok: false as const, code: "BAD_REQUEST", message: "token, no and intent are required" }, { status: 400 });
  const task = { taskNo: form.data.no, custIdCiphertext: form.data.token };
  try {
    const taskCenter = taskCenterFor(request, context);
    if (form.data.intent === "detail") {
      const check = checkTaskDetail(await taskCenter.getTaskDetail(task));
      return resourceJson(null, { ok: true as const, ...check });
    }
    const response = await taskCenter.notify({ ...task, checkValue: form.data.checkValue });
    return resourceJson(null, { ok: true as const, response });
  } catch (error) {
    if (error instanceof GatewayError && error.code === "BAD_REQUEST") {
      return resourceJson(null, { ok: false as const, code: "BAD_REQUEST", message: error.message }, { status: 400 });
    }
    if (error instanceof GatewayError) {
      // The task center's refusal (a result code) is an answer; anything else means it failed us.
      const status = error.code === "BUSINESS" ? 409 : 502;
      return resourceJson(null, { ok: false as const, code: error.result?.code ?? error.code, message: error.result?.message ?? error.message }, { status });
    }
    if (error instanceof GatewayConfigError) {
      return resourceJson(null, { ok: false as const, code: "NOT_CONFIGURED", message: "the task center is not configured here" }, { status: 503 });
    }
    throw error;
  }
}
