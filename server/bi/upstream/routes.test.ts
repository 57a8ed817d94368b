// No Superset runs in these tests: a stand-in node:http server (testing/standIn.ts) signs users in
// as our superset_config.py does and records what the console's proxy sends it.
// The real Superset: upstreams/console/superset.test.ts.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SupersetUpstream } from '../../config';
import { closeListening, EDITOR_PASSWORD, rawStatus, signIn, useFixture } from '../../testing/harness';
import { json, upstreamOf, useSupersetStandIns, type SupersetStandIn } from './testing/standIn';

const fixture = useFixture();
const standIn = useSupersetStandIns();

async function consoleWith(superset: SupersetUpstream) {
  const { app } = await fixture.build({ superset });
  const admin = (await signIn(app)).cookie;
  const editor = (await signIn(app, 'editor', EDITOR_PASSWORD)).cookie;
  const csrfOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/bi/v1/security/csrf_token/', headers: { cookie } })).json<{ result: string }>().result;
  return { app, admin, editor, csrfOf };
}

/** Answers with the console user the request's Superset session belongs to; 401 without one, as Superset does. */
function whoAmI(superset: SupersetStandIn): SupersetStandIn {
  superset.otherwise((request, response) => {
    const user = superset.userOf(request.headers.cookie);
    if (user === null) return json(response, 401, { msg: 'Missing Authorization Header' });
    json(response, 200, { user, url: request.url }, { 'set-cookie': 'superset_extra=leaked; Path=/' });
  });
  return superset;
}

describe('/api/bi in front of Superset (CONSOLE_SUPERSET_URL)', () => {
  it('sends /api/bi/v1/* to /api/v1/* in each console user’s own Superset session, signed in once each with the trusted headers; browser credentials and Superset’s cookies never cross', async () => {
    const superset = whoAmI(await standIn());
    const { app, admin, editor } = await consoleWith(upstreamOf(superset));
    for (const [cookie, user] of [[admin, 'admin'], [editor, 'editor'], [admin, 'admin']]) {
      const response = await app.inject({ method: 'GET', url: '/api/bi/v1/database/?q=(page:0)', headers: { cookie, authorization: 'Basic YnJvd3Nlcjpz', accept: 'application/json' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user, url: '/api/v1/database/?q=(page:0)' });
      expect(response.headers['set-cookie']?.toString() ?? '').not.toMatch(/leaked|session=s\d/);
    }
    expect(superset.signedIn).toEqual([{ user: 'admin', role: 'admin' }, { user: 'editor', role: 'editor' }]);
    for (const request of superset.seen) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.cookie ?? '').not.toMatch(/console/);
      if (request.url !== '/login/') expect(request.headers['x-console-secret']).toBeUndefined();
    }
  });

  it('needs the console’s CSRF token on writes, and sends Superset’s own with a Referer of Superset instead', async () => {
    const superset = whoAmI(await standIn());
    const { app, editor, csrfOf } = await consoleWith(upstreamOf(superset));
    const write = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/bi/v1/saved_query/', headers: { cookie: editor, 'content-type': 'application/json', ...headers }, payload: '{"label":"q"}' });
    expect((await write({})).statusCode).toBe(403);
    expect((await write({ 'x-csrftoken': 'csrf1' })).statusCode).toBe(403);
    const token = await csrfOf(editor);
    expect(token).not.toMatch(/^csrf\d/);
    const saved = await write({ 'x-csrftoken': token });
    expect(saved.statusCode).toBe(200);
    const sent = superset.calls().filter((request) => request.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/v1/saved_query/', body: '{"label":"q"}' });
    expect(sent[0].headers).toMatchObject({ 'x-csrftoken': 'csrf1', referer: `${superset.url}/`, 'content-type': 'application/json' });
  });

  it('renews a session Superset no longer takes, once: after a 401 and after a CSRF 400', async () => {
    const superset = whoAmI(await standIn());
    let csrfRefusals = 1;
    superset.on('POST', '/api/v1/sqllab/execute/', (request, response) => {
      if (csrfRefusals-- > 0) return json(response, 400, { message: '400 Bad Request: The CSRF session token is missing.' });
      json(response, 200, { user: superset.userOf(request.headers.cookie), token: request.headers['x-csrftoken'] });
    });
    const { app, editor, csrfOf } = await consoleWith(upstreamOf(superset));
    expect((await app.inject({ method: 'GET', url: '/api/bi/v1/me/', headers: { cookie: editor } })).json()).toMatchObject({ user: 'editor' });
    superset.expire();
    expect((await app.inject({ method: 'GET', url: '/api/bi/v1/me/', headers: { cookie: editor } })).json()).toMatchObject({ user: 'editor' });
    const executed = await app.inject({ method: 'POST', url: '/api/bi/v1/sqllab/execute/', headers: { cookie: editor, 'x-csrftoken': await csrfOf(editor), 'content-type': 'application/json' }, payload: '{}' });
    expect(executed.json()).toEqual({ user: 'editor', token: 'csrf3' });
    expect(superset.signedIn.map(({ user }) => user)).toEqual(['editor', 'editor', 'editor']);
  });

  it('passes a second refusal on as Superset gave it, rather than signing in again and again', async () => {
    const superset = await standIn();
    superset.otherwise((_request, response) => json(response, 401, { msg: 'Token has expired' }));
    const { app, admin } = await consoleWith(upstreamOf(superset));
    const response = await app.inject({ method: 'GET', url: '/api/bi/v1/database/', headers: { cookie: admin } });
    expect(response.statusCode).toBe(401);
    expect(superset.signedIn).toHaveLength(2);
  });

  it('a save repeated with the same Idempotency-Key reaches Superset once (Superset has no such keys)', async () => {
    let saves = 0;
    const superset = (await standIn()).on('POST', '/api/v1/saved_query/', (_request, response) => json(response, 201, { id: ++saves }));
    const { app, admin, csrfOf } = await consoleWith(upstreamOf(superset));
    const headers = { cookie: admin, 'x-csrftoken': await csrfOf(admin), 'content-type': 'application/json', 'idempotency-key': 'save-1' };
    const first = await app.inject({ method: 'POST', url: '/api/bi/v1/saved_query/', headers, payload: '{"label":"a"}' });
    const again = await app.inject({ method: 'POST', url: '/api/bi/v1/saved_query/', headers, payload: '{"label":"a"}' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual({ id: 1 });
    expect(saves).toBe(1);
  });

  it('answers 502 when Superset is down or does not sign the user in, 504 when it is slow, 502 for a redirect', async () => {
    const stopped = await standIn();
    await stopped.close();
    const superset = await standIn();
    const down = await consoleWith(upstreamOf(stopped));
    const unreachable = await down.app.inject({ method: 'GET', url: '/api/bi/v1/database/', headers: { cookie: down.admin } });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toMatchObject({ status: 502, title: 'Bad Gateway', message: expect.stringMatching(/^The Superset server could not be reached \(.*ECONNREFUSED/) });

    const wrongSecret = await consoleWith(upstreamOf(superset, { secret: 'not-the-shared-secret' }));
    const refused = await wrongSecret.app.inject({ method: 'GET', url: '/api/bi/v1/database/', headers: { cookie: wrongSecret.editor } });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toMatch(/did not sign in the console user "editor".*CONSOLE_SUPERSET_SECRET/);

    superset.on('GET', '/api/v1/slow/', () => new Promise(() => undefined)).on('GET', '/api/v1/database', (_request, response) => {
      response.writeHead(308, { location: '/api/v1/database/' });
      response.end();
    });
    const { app, admin } = await consoleWith(upstreamOf(superset, { timeoutMs: 300 }));
    const slow = await app.inject({ method: 'GET', url: '/api/bi/v1/slow/', headers: { cookie: admin } });
    expect(slow.statusCode).toBe(504);
    expect(slow.json().detail).toMatch(/did not answer within/);
    const redirected = await app.inject({ method: 'GET', url: '/api/bi/v1/database', headers: { cookie: admin } });
    expect(redirected.statusCode).toBe(502);
    expect(redirected.json().detail).toMatch(/redirect to \/api\/v1\/database\/; .*slash/);
  });

  it('lets only signed-in console users through and serves nothing outside /api/bi/v1/; dot segments are refused', async () => {
    const superset = whoAmI(await standIn());
    const { app, admin } = await consoleWith(upstreamOf(superset));
    expect((await app.inject({ method: 'GET', url: '/api/bi/v1/database/' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/bi/search_tables/', headers: { cookie: admin } })).statusCode).toBe(404);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      for (const path of ['/api/bi/v1/../../login/', '/api/bi/v1/%2e%2E/x', '/api/bi/v1/database/.%2e/x', '/api/bi/v1/a%2F..']) {
        expect(await rawStatus(port, path, admin), path).toBe(400);
      }
    } finally {
      await closeListening(app);
    }
    expect(superset.seen).toEqual([]);
  });
});
