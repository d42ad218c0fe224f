#!/usr/bin/env node
// The mcoin CLI. Its TypeScript sources run through tsx, so `npx mcoin` works in a fresh clone
// without a build step.
import { register } from "tsx/esm/api";

register();
await import("../cli/index.ts");
