/** Agree (status 1) or refuse (status 0) the points terms shown by the agreement pop-up. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseForm } from "../server/forms.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { requireMember } from "../server/member.server";
import { fixedT } from "../server/i18n.server";
import { setClause } from "#core/api/endpoints";
import { isApiError } from "#core/api/errors";
import { mallContext } from "../server/context.server";

const AgreementSchema = z.object({
  intent: z.enum(["agree", "refuse"]),
  clauseid: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});

export const loader = postOnly;

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const form = await parseForm(request, AgreementSchema);
  if (!form.success) {
    return resourceJson(mall, { ok: false as const, intent: null, message: t("common.requestFailed") }, { status: 400 });
  }
  const { intent, clauseid } = form.data;
  try {
    await mall.api.call(setClause, { clauseid, status: intent === "agree" ? 1 : 0 });
  } catch (error) {
    if (isApiError(error)) return resourceJson(mall, { ok: false as const, intent, message: t("common.requestFailed") }, { status: 409 });
    throw error;
  }
  if (intent === "agree") {
    mall.session.set("clauseChecked", true);
  }
  return resourceJson(mall, { ok: true as const, intent });
}
