/**
 * Every file of the repository that a comment or a page of docs/ names exists: a comment that cites a
 * moved or deleted file sends the reader nowhere. Checked on what git tracks; a path that .gitignore
 * covers (a generated report) counts as known.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });

const tracked = new Set(git("ls-files", "--cached", "--others", "--exclude-standard").split("\n").filter(Boolean));
const folders = new Set(
  [...tracked].flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", ".cjs", ".md", ".json"];

/** A path under one of the repository's top folders, not part of a longer path or an import alias. */
const CITED = /(?<![\w./@#~-])((?:app|core|cli|sandbox|server|bench|e2e|scripts|bin|docs|fixtures|public)\/[\w./-]*\w)/g;

/** The text a reader reads as prose: a code file's comments, a Markdown page outside its code blocks. */
function prose(file: string, text: string): string {
  if (file.endsWith(".md")) return text.replace(/^```[\s\S]*?^```/gm, "");
  return text
    .split("\n")
    .filter((line) => /^\s*(\/\/|\/\*|\*)/.test(line))
    .join("\n");
}

function ignored(path: string): boolean {
  try {
    git("check-ignore", "-q", path);
    return true;
  } catch {
    return false;
  }
}

const exists = (path: string) => folders.has(path) || EXTENSIONS.some((extension) => tracked.has(path + extension));

/**
 * Files that are gone, and where what they held went. A decision record is history and keeps the
 * paths it was written with (docs/decisions/); a living page or a comment must name the new place.
 */
const MOVED: Record<string, string> = {
  "app/styles/app.css": "app/styles/tokens.css, app/styles/base.css and the sheets beside the components and routes",
};
const cites = (file: string, path: string) => exists(path) || ignored(path) || (file.startsWith("docs/decisions/") && path in MOVED);

describe("paths cited in comments and docs", () => {
  it("all exist in the repository", () => {
    const missing: string[] = [];
    for (const file of tracked) {
      if (!/\.(ts|tsx|mjs|cjs|js|md)$/.test(file) || file.startsWith("fixtures/")) continue;
      for (const [, path] of prose(file, readFileSync(`${ROOT}/${file}`, "utf8")).matchAll(CITED)) {
        if (!cites(file, path)) missing.push(`${file} cites ${path}${path in MOVED ? ` (now ${MOVED[path]})` : ""}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
