/**
 * A Headers as a plain record, by `forEach`: iterating Headers directly needs the DOM.Iterable lib,
 * which a partner's project compiled with `--lib ES2022,DOM` does not have, and the harness's
 * declarations must compile there (lib/typecheck/tsconfig.json holds them to it).
 */
export function headersRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}
