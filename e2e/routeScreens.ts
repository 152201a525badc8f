import ts from 'typescript';

export interface RouteScreen {
  /** The route's full path pattern, React Router's syntax: '/playlists/:accountId/:playlistId'. */
  path: string;
  /** What its `lazy` loader imports, as written: '../features/playlists/PlaylistsScreen'. */
  module: string;
  /**
   * The `Component`s of the routes around it, outermost first, as written: ['RootLayout',
   * 'ProtectedLayout']. Tells a signed-in screen from a public one without a second list.
   */
  layouts: string[];
}

/** Properties only a route object has (a `RouteObject` of React Router). */
const ROUTE_KEYS = new Set(['path', 'index', 'children', 'lazy', 'Component', 'element']);

/**
 * The screens of the router, read from its source (web/src/app/router.tsx): every route
 * object with a `lazy` loader, with its full path (its parents' paths joined, as React Router
 * joins them; an index route takes its parent's) and the module its `import('…')` loads, so
 * that a walk over every screen needs no second route list.
 *
 * Throws on what it cannot read (a path that is not a literal, a `lazy` without an
 * `import('…')` of a literal), so the walk fails rather than leave a route out.
 */
export function routeScreens(source: string, fileName = 'router.tsx'): RouteScreen[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const screens: RouteScreen[] = [];
  const visit = (node: ts.Node, parentPath: string, parentLayouts: string[]): void => {
    if (!ts.isObjectLiteralExpression(node) || !isRoute(node)) {
      ts.forEachChild(node, (child) => visit(child, parentPath, parentLayouts));
      return;
    }
    const path = joinPath(parentPath, literalPath(node, file));
    const component = property(node, 'Component');
    const layouts =
      component && ts.isIdentifier(component) ? [...parentLayouts, component.text] : parentLayouts;
    const lazy = property(node, 'lazy');
    if (lazy) screens.push({ path, module: importedModule(lazy, path, file), layouts });
    ts.forEachChild(node, (child) => visit(child, path, layouts));
  };
  visit(file, '', []);
  return screens;
}

const keyOf = (p: ts.ObjectLiteralElementLike) =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? p.name.text : undefined;

function isRoute(node: ts.ObjectLiteralExpression): boolean {
  return node.properties.some((p) => ROUTE_KEYS.has(keyOf(p) ?? ''));
}

function property(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const found = node.properties.find((p) => keyOf(p) === name);
  if (!found) return undefined;
  if (ts.isPropertyAssignment(found)) return found.initializer;
  throw new Error(
    `${where(found, node.getSourceFile())}: write a route's ${name} as \`${name}: …\``,
  );
}

function literalPath(node: ts.ObjectLiteralExpression, file: ts.SourceFile): string | undefined {
  const path = property(node, 'path');
  if (!path) return undefined;
  if (ts.isStringLiteralLike(path)) return path.text;
  throw new Error(`${where(path, file)}: a route's path must be a string literal`);
}

/** React Router's joining: a relative path goes under its parent's, an absolute one stays. */
function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent || '/';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

function importedModule(lazy: ts.Expression, path: string, file: ts.SourceFile): string {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found = node.arguments[0].text;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(lazy);
  if (found === undefined) {
    throw new Error(`${where(lazy, file)}: the lazy loader of ${path} has no import('…')`);
  }
  return found;
}

function where(node: ts.Node, file: ts.SourceFile): string {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName}:${line + 1}`;
}
