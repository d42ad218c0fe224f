/**
 * The traffic inspector's options as `mcoin sandbox` and `mcoin record` parse them (their flags:
 * cli/flags.ts, withInspectorOptions), loaded when a command runs, not for --help.
 */
import { z } from "zod";

export const InspectOptionsShape = {
  inspectSize: z.coerce.number().int().min(10).max(100_000).default(1000),
  inspectBodyBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(65_536),
  /** Unset: the engineer's own folder, outside the work tree (cli/privacy.ts, defaultInspectDir). */
  inspectDir: z.string().min(1).optional(),
};
