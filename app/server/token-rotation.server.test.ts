import { describe, expect, it } from "vitest";
import { ROTATION_GRACE_MS, TokenRotations } from "./token-rotation.server";

describe("a token rotated a moment ago", async () => {
  it("leads to the newest token within the grace, and to nothing after it", async () => {
    const rotations = new TokenRotations();
    await rotations.remember("old", "new", 1_000);
    expect(await rotations.rotated("old", 1_000 + ROTATION_GRACE_MS)).toBe("new");
    expect(await rotations.rotated("old", 1_001 + ROTATION_GRACE_MS)).toBeNull();
    expect(await rotations.rotated("new", 1_000)).toBeNull();
    expect(await rotations.rotated("someone-else", 1_000)).toBeNull();
  });

  it("follows two refreshes in a row to the last one", async () => {
    const rotations = new TokenRotations();
    await rotations.remember("a", "b", 0);
    await rotations.remember("b", "c", 10);
    expect(await rotations.rotated("a", 20)).toBe("c");
  });
});
