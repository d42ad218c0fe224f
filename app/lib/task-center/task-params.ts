/**
 * Whether a page was opened with a task link, apart from the widget itself (widget-dom.ts): the mall
 * loads the widget only on such a page (app/components/task-widget.tsx).
 */
import { decodeOauthParams } from "../session-start/oauth-params";

/** The session-storage keys the spec names. */
export const SESSION_KEYS = { token: "taskCenterToken", taskNo: "taskCenterNo" } as const;

/** The task link's parameters, from a page URL's oauthParams. */
export function taskParamsFromUrl(href: string): { token: string; taskNo: string } | null {
  const params = decodeOauthParams(new URL(href).searchParams.get("oauthParams"));
  const token = params.get(SESSION_KEYS.token);
  const taskNo = params.get(SESSION_KEYS.taskNo);
  return token && taskNo ? { token, taskNo } : null;
}
