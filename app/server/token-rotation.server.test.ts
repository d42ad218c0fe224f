import { afterEach, describe, expect, it } from "vitest";
import { ROTATION_GRACE_MS, forgetRotations, rememberRotation, rotatedToken } from "./token-rotation.server";

afterEach(forgetRotations);

describe("a token rotated a moment ago", () => {
  it("leads to the newest token within the grace, and to nothing after it", () => {
    rememberRotation("old", "new", 1_000);
    expect(rotatedToken("old", 1_000 + ROTATION_GRACE_MS)).toBe("new");
    expect(rotatedToken("old", 1_001 + ROTATION_GRACE_MS)).toBeNull();
    expect(rotatedToken("new", 1_000)).toBeNull();
    expect(rotatedToken("someone-else", 1_000)).toBeNull();
  });

  it("follows two refreshes in a row to the last one", () => {
    rememberRotation("a", "b", 0);
    rememberRotation("b", "c", 10);
    expect(rotatedToken("a", 20)).toBe("c");
  });
});
