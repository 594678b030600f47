/**
 * The path of a request, even when Bun could not build a full URL for it (an HTTP/1.0 request
 * without Host has the bare path as its url): the error path must never throw itself.
 */
export function requestPath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0] || '/';
  }
}
