/**
 * JSON, pretty-printed as JSON.stringify(value, null, 2) prints it, with the keys that validation
 * issues name marked (their paths, as zod reports them). Long lines wrap rather than scroll: the pane
 * scrolls, and a box that scrolled on its own would need the keyboard's focus too.
 */
import type { ReactNode } from "react";

type Path = (string | number)[];

const pathKey = (path: Path) => JSON.stringify(path.map(String));

function render(value: unknown, path: Path, indent: string, marked: Set<string>, out: ReactNode[]): void {
  if (value === null || typeof value !== "object") {
    out.push(JSON.stringify(value) ?? "null");
    return;
  }
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    out.push(open + close);
    return;
  }
  out.push(`${open}\n`);
  entries.forEach(([key, item], i) => {
    const itemPath = [...path, key];
    const label = Array.isArray(value) ? "" : `${JSON.stringify(key)}: `;
    const line: ReactNode[] = [];
    render(item, itemPath, `${indent}  `, marked, line);
    const comma = i < entries.length - 1 ? ",\n" : "\n";
    if (marked.has(pathKey(itemPath))) {
      out.push(
        `${indent}  `,
        <mark key={pathKey(itemPath)} className="json__invalid" title="fails validation">
          {label || `[${key}] `}
          {line}
        </mark>,
        comma,
      );
    } else {
      out.push(`${indent}  ${label}`, ...line, comma);
    }
  });
  out.push(`${indent}${close}`);
}

export function JsonView({ value, issues = [] }: { value: unknown; issues?: { path: Path }[] }) {
  const marked = new Set(issues.map((issue) => pathKey(issue.path)));
  const out: ReactNode[] = [];
  render(value, [], "", marked, out);
  return (
    <pre className="code">
      <code>{out}</code>
    </pre>
  );
}

/** Plain text in the same box (a raw base64 body, a body that is not JSON). */
export function TextView({ text }: { text: string }) {
  return (
    <pre className="code code--raw">
      <code>{text}</code>
    </pre>
  );
}
