// The tests `npm run mutation` runs against each mutant of the money core (stryker.config.mjs): the
// money domain's own tests, the money rules' it shares with the mall (core/money), and the
// state's, which load a --state file through the domain's schemas.
// The rest of the unit suite reaches the domain over HTTP or through the CLI, slowly, and adds no
// verdict that these do not give.
import { defineConfig } from "vitest/config";
import unit from "./vitest.config";

export default defineConfig({
  ...unit,
  test: {
    ...unit.test,
    include: ["sandbox/domain/**/*.test.ts", "core/money/**/*.test.ts", "sandbox/store/**/*.test.ts"],
  },
});
