/**
 * A search joins the member's recent searches, asked for beside the navigation to its results: with
 * script the search screen goes to the results at once and posts here alongside (routes/search.tsx),
 * so a member waits for the results' round trip alone rather than the action's and then the results'.
 * A plain request, not a fetcher: a fetcher's action would make the router load the results again.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { KeywordSchema } from "#core/api/catalog-endpoints";
import { mallContext } from "../server/context.server";
import { parseForm } from "../server/forms.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { recordSearchHistory } from "../server/search-history.server";

const RecordSchema = z.object({ intent: z.literal("record"), keyword: KeywordSchema.min(1) });

export const loader = postOnly;

export async function action(args: ActionFunctionArgs) {
  const mall = await mallContext(args);
  const form = await parseForm(args.request, RecordSchema);
  if (!form.success) return resourceJson(mall, { ok: false as const }, { status: 400 });
  const recorded = await recordSearchHistory(mall, form.data.keyword);
  return resourceJson(mall, { ok: true as const, recorded });
}
