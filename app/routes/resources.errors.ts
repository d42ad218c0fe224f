/**
 * The page's error reports (core/errors/report.ts): POST, a form, from the mall's own pages (the
 * server's Origin check applies, as to every POST), validated and bounded, then forwarded to the
 * collector. 204 either way: a page never learns more, and never retries.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { ErrorReportSchema } from "#core/errors/report";
import { environmentName } from "../server/config.server";
import { sendErrorReport } from "../server/error-reports.server";
import { parseForm } from "../server/forms.server";
import { postOnly } from "../server/resource-response.server";

export const loader = postOnly;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, ErrorReportSchema);
  if (!form.success) return new Response(null, { status: 400 });
  await sendErrorReport(form.data, { environment: environmentName(new URL(request.url)), userAgent: request.headers.get("user-agent"), log: context.log ?? context.services.log });
  return new Response(null, { status: 204 });
}
