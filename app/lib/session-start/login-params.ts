/** Whether a URL carries the host's login parameters (the wallet's single-use `code`). */
export function hasLoginParams(url: URL): boolean {
  return url.searchParams.has("code");
}
