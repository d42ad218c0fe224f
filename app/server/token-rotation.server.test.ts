import { describe, expect, it } from "vitest";
import { ROTATION_GRACE_MS, TokenRotations } from "./token-rotation.server";

describe("a token rotated a moment ago", () => {
  it("leads to the newest token within the grace, and to nothing after it", () => {
    const rotations = new TokenRotations();
    rotations.remember("old", "new", 1_000);
    expect(rotations.rotated("old", 1_000 + ROTATION_GRACE_MS)).toBe("new");
    expect(rotations.rotated("old", 1_001 + ROTATION_GRACE_MS)).toBeNull();
    expect(rotations.rotated("new", 1_000)).toBeNull();
    expect(rotations.rotated("someone-else", 1_000)).toBeNull();
  });

  it("follows two refreshes in a row to the last one", () => {
    const rotations = new TokenRotations();
    rotations.remember("a", "b", 0);
    rotations.remember("b", "c", 10);
    expect(rotations.rotated("a", 20)).toBe("c");
  });
});
