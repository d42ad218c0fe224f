/**
 * Durability of --state (docs/money.md, "Durability"): what the sandbox acknowledged survives a power
 * loss, because the state file is replaced by a temporary file flushed to the disk before it is
 * renamed, and the folder is flushed after. The calls to the file system are watched in order.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

const calls: string[] = [];
const paths = new Map<number, string>();

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    openSync: (path: string, flags: string) => {
      const descriptor = fs.openSync(path, flags);
      paths.set(descriptor, String(path));
      calls.push(`open ${String(path)} ${flags}`);
      return descriptor;
    },
    writeSync: (descriptor: number, ...rest: unknown[]) => {
      calls.push(`write ${paths.get(descriptor)}`);
      return (fs.writeSync as (...args: unknown[]) => number)(descriptor, ...rest);
    },
    fsyncSync: (descriptor: number) => {
      calls.push(`fsync ${paths.get(descriptor)}`);
      return fs.fsyncSync(descriptor);
    },
    closeSync: (descriptor: number) => {
      calls.push(`close ${paths.get(descriptor)}`);
      return fs.closeSync(descriptor);
    },
    renameSync: (from: string, to: string) => {
      calls.push(`rename ${from} ${to}`);
      return fs.renameSync(from, to);
    },
  };
});

const { writeDurably } = await import("./store/durable-write");
const { fixtures, world } = await import("./domain/test-support");

describe("the state file", () => {
  it("is replaced through a temporary file flushed to the disk, renamed, and its folder flushed", () => {
    const folder = mkdtempSync(join(tmpdir(), "mcoin-durable-"));
    const file = join(folder, "state.json");
    calls.length = 0;
    writeDurably(file, '{"version":1}');
    expect(readFileSync(file, "utf8")).toBe('{"version":1}');
    const temporary = `${file}.tmp`;
    expect(calls).toEqual([
      `open ${temporary} w`,
      `write ${temporary}`,
      `fsync ${temporary}`,
      `close ${temporary}`,
      `rename ${temporary} ${file}`,
      `open ${folder} r`,
      `fsync ${folder}`,
      `close ${folder}`,
    ]);
  });

  it("holds what the sandbox acknowledged, flushed before the reply: an order placed is on disk and reloads", () => {
    const folder = mkdtempSync(join(tmpdir(), "mcoin-durable-"));
    const file = join(folder, "state.json");
    const state = world(fixtures, file);
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    expect(outcome.ok).toBe(true);
    calls.length = 0;
    state.store.flush();
    expect(calls.filter((call) => call.startsWith("fsync"))).toEqual([`fsync ${file}.tmp`, `fsync ${folder}`]);
    const reloaded = world(fixtures, file);
    expect(reloaded.books.balance("mpay-1005")).toBe(400);
    expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(1);
  });
});
