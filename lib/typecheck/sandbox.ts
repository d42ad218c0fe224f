// A partner's code on @mcoin/harness/sandbox (compiled by lib/typecheck.integration.test.ts, never run).
import { controls, startSandbox } from "@mcoin/harness/sandbox";

export async function withSandbox(): Promise<string[]> {
  const sandbox = await startSandbox({ latencyMs: 0 });
  try {
    const { members } = await sandbox.controls.get(controls.members);
    return members.map((member) => member.openId);
  } finally {
    await sandbox.stop();
  }
}
