import { describe, expect, it } from "vitest";
import type { Difference } from "./compare";
import { describeGroup, generalPath, groupDifferences, repeatedAcrossRecordings } from "./groups";

const moved = (index: number): Difference => ({ path: `data.list[${index}].image`, kind: "changed", expected: `http://a/${index}.svg`, actual: `http://b/${index}.svg` });

describe("grouping differences", () => {
  it("tells a difference repeated down a list once, with a count and where it was first", () => {
    const groups = groupDifferences([moved(0), moved(1), moved(2), { path: "data.total", kind: "changed", expected: 3, actual: 4 }]);
    expect(groups.map(describeGroup)).toEqual(['data.list[*].image: changed "http://a/0.svg" → "http://b/0.svg" (×3, first at data.list[0].image)', "data.total: changed 3 → 4"]);
  });

  it("keeps apart differences of another kind at the same place", () => {
    const groups = groupDifferences([moved(0), { path: "data.list[1].image", kind: "removed", expected: "x" }]);
    expect(groups.map((group) => [group.path, group.kind, group.count])).toEqual([
      ["data.list[*].image", "changed", 1],
      ["data.list[*].image", "removed", 1],
    ]);
    expect(describeGroup(groups[0])).toBe('data.list[0].image: changed "http://a/0.svg" → "http://b/0.svg"');
    expect(generalPath("a[1].b[22].c")).toBe("a[*].b[*].c");
  });

  it("names a difference met in several recordings once more, with how many it was in", () => {
    const repeated = repeatedAcrossRecordings([[moved(0), moved(1)], [moved(0)], [], [{ path: "data.total", kind: "changed", expected: 3, actual: 4 }]]);
    expect(repeated).toEqual([{ path: "data.list[*].image", kind: "changed", recordings: 2, times: 3 }]);
  });
});
