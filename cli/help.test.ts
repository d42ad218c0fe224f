/** The mcoin CLI's help and its usage errors, run in this process (cli/testing.ts): output and exit code. */
import { describe, expect, it, vi } from "vitest";
import { runCli } from "./testing";

const mcoin = (...args: string[]) => runCli(args);

describe("mcoin", () => {
  it("--help lists every command, subcommands included", async () => {
    const { code, stdout } = await mcoin("--help");
    expect(code).toBe(0);
    for (const command of [
      "sandbox",
      "sandbox ledger",
      "sandbox orders",
      "api",
      "gateway encrypt",
      "gateway sign",
      "gateway verify",
      "gateway decrypt",
      "gateway call",
      "task run",
      "replay",
      "record",
      "stubs from-recording",
    ]) {
      expect(stdout).toContain(`mcoin ${command}`);
    }
  });

  it("every command's --help has an example", async () => {
    for (const command of [
      ["sandbox"],
      ["sandbox", "ledger"],
      ["sandbox", "orders"],
      ["api"],
      ["gateway"],
      ["gateway", "encrypt"],
      ["gateway", "sign"],
      ["gateway", "verify"],
      ["gateway", "decrypt"],
      ["gateway", "call"],
      ["task"],
      ["task", "run"],
      ["replay"],
      ["record"],
      ["stubs"],
      ["stubs", "from-recording"],
    ]) {
      const { code, stdout } = await mcoin(...command, "--help");
      expect(code, command.join(" ")).toBe(0);
      expect(stdout, command.join(" ")).toMatch(/Examples?:\n\s+\$ npx mcoin /);
    }
  });

  it("sandbox --help shows an example", async () => {
    const { code, stdout } = await mcoin("sandbox", "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("$ npx mcoin sandbox");
    expect(stdout).toContain("--state <file>");
    expect(stdout).toContain("--latency <ms>");
    expect(stdout).toContain("--control-token <token>");
    expect(stdout).toContain("MCOIN_SANDBOX_CONTROL_TOKEN");
    expect(stdout).toContain("--mall-origin <origin>");
    expect(stdout).toContain("MCOIN_SANDBOX_MALL_ORIGINS");
  });

  it("exits 2 on bad usage, with a hint", async () => {
    const bad = await mcoin("sandbox", "--port", "seventy");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--port");
    expect(bad.stderr).toContain("mcoin sandbox --help");
    expect((await mcoin("no-such-command")).code).toBe(2);
    expect((await mcoin("sandbox", "--no-such-option")).code).toBe(2);
  });

  it("sandbox refuses a short control token and an origin that is not one, before it listens", async () => {
    const short = await mcoin("sandbox", "--port", "0", "--control-token", "short");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("--control-token: at least 16 characters");
    const bad = await mcoin("sandbox", "--port", "0", "--mall-origin", "localhost:3100");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--mall-origin: not an origin");
  });

  it("reads an option's variable from the run's environment, not the process's", async () => {
    vi.stubEnv("MCOIN_SANDBOX_CONTROL_TOKEN", "short");
    try {
      // The token is checked before --strict's rule: a token read from the process would be refused first.
      const clean = await runCli(["sandbox", "--strict"]);
      expect(clean.code).toBe(2);
      expect(clean.stderr).toContain("--strict applies to --recordings");
      const given = await runCli(["sandbox", "--strict"], { env: { MCOIN_SANDBOX_CONTROL_TOKEN: "short" } });
      expect(given.code).toBe(2);
      expect(given.stderr).toContain("--control-token: at least 16 characters");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
