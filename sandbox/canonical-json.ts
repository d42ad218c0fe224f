/**
 * JSON with every object's keys sorted, so equal data always hashes the same (idempotency
 * fingerprints, the state's digest). Written without recursion: it walks any depth with a stack of
 * its own, so no input can overflow the call stack.
 */
class Text {
  constructor(readonly text: string) {}
}

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) {
      out.push(item.text);
    } else if (Array.isArray(item)) {
      stack.push(new Text("]"));
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push(item[index]);
        if (index > 0) stack.push(new Text(","));
      }
      stack.push(new Text("["));
    } else if (item && typeof item === "object") {
      const entries = Object.entries(item)
        .filter(([, child]) => child !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      stack.push(new Text("}"));
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index];
        stack.push(child);
        stack.push(new Text(`${JSON.stringify(key)}:`));
        if (index > 0) stack.push(new Text(","));
      }
      stack.push(new Text("{"));
    } else {
      out.push(JSON.stringify(item) ?? "");
    }
  }
  return out.join("");
}
