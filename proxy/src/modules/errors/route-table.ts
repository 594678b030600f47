/** A route as Elysia lists it (`app.routes`): `GET /v1/models/:id`. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Which methods each path of the app accepts, read from the app's own registered routes, so a 405's
 * `Allow` can never fall behind the routes. Elysia answers HEAD wherever it answers GET, so GET
 * brings HEAD along.
 */
export class RouteTable {
  private compiled: { pattern: RegExp; methods: Set<string> }[] | null = null;

  constructor(private readonly list: () => readonly RegisteredRoute[]) {}

  /** The methods `path` accepts, or null when no route has that path. */
  allowed(path: string): string[] | null {
    const methods = new Set<string>();
    for (const route of this.routes()) if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    return methods.size > 0 ? [...methods].sort() : null;
  }

  // Compiled on first use: the app registers every route before it answers anything.
  private routes() {
    this.compiled ??= this.list().map((route) => ({
      pattern: patternOf(route.path),
      methods: new Set(route.method === 'GET' ? ['GET', 'HEAD'] : [route.method.toUpperCase()]),
    }));
    return this.compiled;
  }
}

/** `/v1/models/:id` → `^/v1/models/[^/]+$`; `*` matches the rest. */
function patternOf(path: string): RegExp {
  const source = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source || '/'}$`);
}
