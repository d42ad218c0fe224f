/**
 * The unit project's rule (vitest.config.ts): a unit test opens no socket and starts no process. One
 * that does fails at once, saying so; it belongs in a file named `*.integration.test.ts`. The mall's
 * and the CLI's clients reach an in-process sandbox through an injected transport instead
 * (sandbox/testing.ts), and time is a fake timer's or an injected clock's.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

function refuse(what: string): never {
  throw new Error(`a unit test does not ${what}: name the test file *.integration.test.ts (docs/testing.md, "Unit and integration")`);
}

net.Socket.prototype.connect = function connect() {
  refuse("open a connection");
};
net.Server.prototype.listen = function listen() {
  refuse("listen on a port");
};
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => refuse("start a process");
}
// `import { spawn } from "node:child_process"` reads the patched function too.
syncBuiltinESMExports();
