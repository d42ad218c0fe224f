// The linter (`npm run lint`): JavaScript's and TypeScript's recommended rules everywhere, the rules
// of hooks and their dependencies, and the accessibility rules (jsx-a11y) for the mall's screens. The
// React Compiler's rules that react-hooks 7 recommends too are left out: the mall is not compiled by
// it (docs/decisions/006-lint-rules.md). The layers' import boundaries are dependency-cruiser's
// (.dependency-cruiser.cjs); formatting is Prettier's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "dist/", "node_modules/", ".cache/", ".stryker-tmp/", "reports/", "test-results*/", "playwright-report*/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A name starting with _ says "deliberately unused" (a destructured field left out of a copy).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and benchmarks read JSON replies whose shape is what they assert: `any` there is the reply
    // before the check.
    files: ["**/*.test.{ts,tsx}", "e2e/**", "bench/**", "sandbox/**/testing.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // No fixed sleeps in the browser suite: a test waits on the state a pause would stand for (e2e/waits.ts).
    files: ["e2e/**"],
    rules: {
      "no-restricted-properties": ["error", { property: "waitForTimeout", message: "Wait on the state the pause stands for (e2e/waits.ts, expect.poll, waitForResponse, page.clock), never on time." }],
    },
  },
  {
    // The unit tests of a worker share one module graph (vitest.config.ts), so a module replaced for
    // one file would stay replaced, or not be, for the next: a unit test replaces what it must through
    // an object it can spy on, or is named *.integration.test.ts (each file alone).
    files: ["**/*.test.{ts,tsx}"],
    ignores: ["**/*.integration.test.{ts,tsx}", "e2e/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "unmock", "doUnmock"].map((property) => ({
          object: "vi",
          property,
          message: "The unit tests of a worker share their modules (vitest.config.ts): spy on an object the code draws through, or name the file *.integration.test.ts.",
        })),
      ],
    },
  },
  {
    // The CLI's commands take their streams, environment and exit code from the run (cli/io.ts), so a
    // test runs them in-process; only the launcher binds them to the process (cli/index.ts).
    files: ["cli/**/*.ts"],
    ignores: ["cli/index.ts", "cli/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["stdout", "stderr", "stdin", "env", "argv", "exit", "exitCode", "cwd", "on", "once"].map((property) => ({
          object: "process",
          property,
          message: "A command reads and writes through its run's I/O (cli/io.ts), never the process's.",
        })),
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "inspector/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error", ...jsxA11y.flatConfigs.recommended.rules },
  },
);
