/**
 * Sends error reports (the page's, through /resources/errors, and the server's own) to the
 * collector: MCOIN_ERROR_REPORT_URL, else the sandbox's /__sandbox/errors for the sandbox
 * environment, else the server's log. Reporting never fails the request that reports: a collector
 * that is down or slow (2 s) loses the report, and says so in the log.
 */
import type { Logger } from "pino";
import type { CollectedError, ErrorReport } from "#core/errors/report";
import { USER_AGENT_MAX, reportableLine } from "#core/errors/report-text";
import { env, type EnvironmentName } from "./config.server";

const SEND_TIMEOUT_MS = 2_000;

export function collectorUrl(environment: EnvironmentName): string | null {
  if (env.MCOIN_ERROR_REPORT_URL) return env.MCOIN_ERROR_REPORT_URL;
  if (environment === "sandbox") return `${env.MCOIN_SANDBOX_URL.replace(/\/+$/, "")}/__sandbox/errors`;
  return null;
}

export interface ErrorReportContext {
  environment: EnvironmentName;
  userAgent?: string | null;
  log: Logger;
}

export async function sendErrorReport(report: ErrorReport, context: ErrorReportContext): Promise<void> {
  const collected: CollectedError = { ...report, at: Date.now(), environment: context.environment, ...(context.userAgent ? { userAgent: reportableLine(context.userAgent, USER_AGENT_MAX) } : {}) };
  const url = collectorUrl(context.environment);
  if (!url) {
    context.log.error({ errorReport: collected }, "error report");
    return;
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(env.MCOIN_SANDBOX_CONTROL_TOKEN && context.environment === "sandbox" ? { "x-sandbox-token": env.MCOIN_SANDBOX_CONTROL_TOKEN } : {}) },
      body: JSON.stringify(collected),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) context.log.error(`error report refused by ${new URL(url).origin}: HTTP ${response.status}`);
  } catch (error) {
    context.log.error(`error report not delivered to ${new URL(url).origin}: ${(error as Error).message}`);
  }
}
