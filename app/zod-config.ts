/**
 * zod compiles object schemas with `new Function` where it may, and finding out whether it may (when
 * a schema is defined) is itself a Content-Security-Policy violation in the browser, where the mall's
 * CSP allows no eval. In the browser it is told not to try. This module must be the first that the
 * root route imports: Remix's page script loads the route modules, and their schemas, before the
 * client entry runs.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
