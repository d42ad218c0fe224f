// The tests `npm run mutation` runs against each mutant of the money core (stryker.config.mjs): the
// money domain's own tests, the money rules' it shares with the mall (core/money), and the
// state's, which load a --state file through the domain's schemas.
// The rest of the unit suite reaches the domain over HTTP or through the CLI, slowly, and adds no
// verdict that these do not give. The model test plays 50 games against each mutant, more than the
// edit loop's few (sandbox/domain/shop.model.test.ts).
import { defineConfig } from "vitest/config";
import unit from "./vitest.config";

// The unit project's shared modules (vitest.config.ts `poolOptions`) are the edit loop's: a mutant's
// run keeps vitest's isolation between files, since Stryker switches mutants within one worker.
const { projects: _projects, poolOptions: _poolOptions, ...shared } = unit.test ?? {};

export default defineConfig({
  ...unit,
  test: {
    ...shared,
    setupFiles: ["./vitest.setup.ts", "./vitest.unit-setup.ts"],
    include: ["sandbox/domain/**/*.test.ts", "core/money/**/*.test.ts", "sandbox/store/**/*.test.ts"],
    env: { ...shared.env, MCOIN_MODEL_RUNS: "50" },
  },
});
