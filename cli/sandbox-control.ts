/**
 * How `mcoin sandbox` subcommands talk to a running sandbox's /__sandbox/ controls: its address
 * (--base-url, else MCOIN_SANDBOX_URL, else :4010), its control token when it has one, JSON in and
 * out, and a refusal turned into a message that says what to do.
 */
import { CONTROL_TOKEN_HEADER } from "../sandbox/access";
import { CONTROL_TOKEN_ENV, callFailure, sandboxUrl } from "./context";
import { CliError } from "./errors";

// Its flags (--base-url, --control-token) are in cli/flags.ts, light for the command definitions.
export { baseUrlFlag, controlTokenFlag } from "./flags";

export interface ControlTarget {
  baseUrl?: string;
  controlToken?: string;
}

/**
 * Calls a control. Statuses in `accept` come back as answers (verify's 409 is its "does not hold");
 * any other non-2xx is an error carrying the sandbox's own words.
 */
export async function control<T>(target: ControlTarget, method: "GET" | "POST" | "DELETE", path: string, body?: unknown, accept: number[] = []): Promise<{ status: number; data: T }> {
  const base = (target.baseUrl ?? sandboxUrl()).replace(/\/+$/, "");
  const headers: Record<string, string> = target.controlToken ? { [CONTROL_TOKEN_HEADER]: target.controlToken } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw callFailure(error);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!response.ok && !accept.includes(response.status)) {
    const said = (data as { error?: string } | undefined)?.error;
    throw new CliError(`HTTP_${response.status}`, `the sandbox refused: HTTP ${response.status}${said ? `: ${said}` : ""}`, {
      suggestion: response.status === 401 ? `it needs its control token: pass --control-token or set ${CONTROL_TOKEN_ENV}` : undefined,
    });
  }
  return { status: response.status, data: data as T };
}
