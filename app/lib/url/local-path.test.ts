import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./local-path";

describe("safeLocalPath", () => {
  it("keeps paths of the site, with their query", () => {
    expect(safeLocalPath("/index")).toBe("/index");
    expect(safeLocalPath("/classify/%E5%92%96%E5%95%A1?sort=price")).toBe("/classify/%E5%92%96%E5%95%A1?sort=price");
  });

  it.each([
    ["//evil.example/x"],
    ["/\\evil.example/x"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil.example"],
    [""],
    [null],
    [`/${"a".repeat(2048)}`],
  ])("refuses %j", (raw) => {
    expect(safeLocalPath(raw)).toBeNull();
  });

  it("what it returns stays on the site when a browser resolves it", () => {
    for (const raw of ["/./\\evil.example", "/..//evil.example", "/%2F%2Fevil.example", "/%5Cevil.example"]) {
      const path = safeLocalPath(raw);
      if (path !== null) expect(new URL(path, "https://mall.example").origin).toBe("https://mall.example");
    }
  });
});
