/**
 * Sidebar active rule: an entry is active when the path starts with
 * it, at a path segment boundary; Home ('/') only on an exact match.
 */
export function isNavEntryActive(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
