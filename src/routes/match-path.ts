/**
 * Matches a pathname against a pattern with `:name` segments and returns the decoded params,
 * or `null` when it does not match. Segments never match across `/`.
 *
 * @example
 * matchPath("/api/cms/pages/:id", "/api/cms/pages/12") // { id: "12" }
 * matchPath("/api/cms/pages/:id", "/api/cms/pages/12/versions") // null
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/");
  const have = trimTrailingSlash(pathname).split("/");
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(":")) {
      if (h === "") return null;
      const decoded = safeDecode(h);
      if (decoded === null) return null;
      params[w.slice(1)] = decoded;
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
