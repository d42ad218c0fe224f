/**
 * What the server gives each request Remix answers (`getLoadContext` of @remix-run/express): the
 * request's CSP nonce (server/security-headers.ts), the client's address, its id and log
 * (server/logger.ts), and the services the
 * server keeps for the whole process (app/server/services.server.ts). The mall context itself (the
 * session, the member's API client) is made by the app from the request Remix hands its loaders
 * (app/server/context.server.ts).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Request, Response } from "express";
import type { ServerLoadContext } from "../app/server/context.server";
import type { MallServices } from "../app/server/services.server";
import { clientAddressOf } from "./rate-limit";

export function loadContextFor(services: MallServices): (req: Request, res: Response) => AppLoadContext {
  return (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: clientAddressOf(req), services, requestId: String(req.id), log: req.log }) satisfies ServerLoadContext;
}
