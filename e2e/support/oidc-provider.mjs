// A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google in the
// browser journeys: discovery, signed ID tokens, nonce and PKCE as the api expects. Every
// authorization signs in a new person, so each journey meets the first-login step.
import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.OIDC_PORT ?? 4300);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
const people = new Map();

server.service.on('beforeAuthorizeRedirect', ({ url }) => {
  const code = url.searchParams.get('code');
  const id = randomUUID().slice(0, 8);
  if (code) people.set(code, { sub: `google-${id}`, email: `social-${id}@example.com`, name: `Reader ${id}` });
});
server.service.on('beforeTokenSigning', (token, req) => {
  const person = people.get(req.body?.code ?? '');
  if (person)
    Object.assign(token.payload, { sub: person.sub, email: person.email, email_verified: true, name: person.name });
});

await server.start(port, '127.0.0.1');
// oauth2-mock-server names any 127.x address "localhost"; the api expects the issuer it was given.
server.issuer.url = `http://127.0.0.1:${port}`;
console.log(`OIDC provider on ${server.issuer.url}`);
const stop = () => server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
