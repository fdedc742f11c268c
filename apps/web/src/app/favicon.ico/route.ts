// Browsers ask for /favicon.ico on pages that do not name an icon (images, errors): send them to
// the site's SVG icon rather than a 404.
export function GET(request: Request): Response {
  return new Response(null, {
    status: 308,
    headers: { location: new URL('/icon.svg', request.url).pathname, 'cache-control': 'public, max-age=86400' },
  });
}
