/**
 * The task-center client for one request: the secure gateway of the request's environment, with the
 * member's platform as clientOs (ios, android or web, from the user agent).
 */
import { secureGatewaySettings } from "./config.server";
import { createGatewayClient } from "#core/node/gateway/client";
import { parseHostUserAgent } from "../lib/host-bridge/user-agent";
import { createTaskCenterClient, type TaskCenterClient } from "#core/node/task-center/client";
import { REQUEST_ID_HEADER, withHeaders } from "#core/api/transport";
import type { ServerLoadContext } from "./context.server";

export function taskCenterFor(request: Request, { services, requestId, log = services.log }: ServerLoadContext): TaskCenterClient {
  const clientOs = parseHostUserAgent(request.headers.get("user-agent")).platform;
  const settings = secureGatewaySettings(new URL(request.url), { clientOs });
  const transport = requestId ? withHeaders(services.transport, { [REQUEST_ID_HEADER]: requestId }) : services.transport;
  return createTaskCenterClient(
    createGatewayClient(settings, {
      transport,
      log: (line) => log.debug(line),
      // A sealed read is sealed afresh when asked again (docs/decisions/048-one-retry-of-a-read.md).
      retryReads: true,
      onRetry: (error, functionUrl) => log.warn({ function: functionUrl, error: error.message }, "secure gateway read asked again after a failed connection"),
    }),
  );
}
