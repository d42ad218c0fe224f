/** When npm start (and npm test, npm run bench) installs: only when node_modules differs from the lockfile. */
import { describe, expect, it } from "vitest";
import { installDifference } from "./install-state.mjs";

const lockfile = {
  packages: {
    "": { name: "mcoin-mall", dependencies: { zod: "4.6.7" } },
    "node_modules/zod": { version: "4.6.7", integrity: "sha512-zod" },
    "node_modules/vite": { version: "6.4.6", integrity: "sha512-vite", dev: true },
    "node_modules/@esbuild/android-arm": { version: "0.25.12", integrity: "sha512-arm", optional: true, os: ["android"] },
  },
};

/** What npm writes to node_modules/.package-lock.json after installing `lockfile` on Linux. */
const installedFrom = (lock: typeof lockfile) => ({
  packages: Object.fromEntries(Object.entries(lock.packages).filter(([path, entry]) => path !== "" && !("os" in entry))),
});

describe("installDifference", () => {
  it("is nothing when npm installed what the lockfile names, another platform's optional builds aside", () => {
    expect(installDifference(lockfile, installedFrom(lockfile))).toBeUndefined();
  });

  it("asks for an install when nothing was installed", () => {
    expect(installDifference(lockfile, undefined)).toBe("nothing is installed yet");
  });

  it("asks for an install when the lockfile names another version", () => {
    const installed = installedFrom(lockfile);
    const newer = { packages: { ...lockfile.packages, "node_modules/zod": { version: "4.7.0", integrity: "sha512-zod-4.7" } } };
    expect(installDifference(newer, installed)).toBe("node_modules/zod: version 4.6.7 is installed, the lockfile says 4.7.0");
  });

  it("asks for an install when a package it needs is missing (the dev ones of an install without them)", () => {
    const installed = installedFrom(lockfile);
    delete installed.packages["node_modules/vite"];
    expect(installDifference(lockfile, installed)).toBe("node_modules/vite is not installed");
  });

  it("asks for an install when a package is installed that the lockfile does not name", () => {
    const installed = installedFrom(lockfile);
    installed.packages["node_modules/left-pad"] = { version: "1.3.0", integrity: "sha512-pad" };
    expect(installDifference(lockfile, installed)).toBe("node_modules/left-pad is installed but not in the lockfile");
  });
});
