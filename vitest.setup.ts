// A test that makes the code print console.error fails: an error nobody asserted on is a defect.
import { afterEach, beforeEach, expect, vi } from "vitest";

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, "console.error was called").toEqual([]);
});
