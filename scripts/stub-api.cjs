/**
 * A stand-in for the API when only the front end is under test (e.g. rollout journeys on the
 * public info pages): health, a logged-out session, and 404 for everything else.
 */
const http = require('node:http');

function startStubApi({ port = 0 } = {}) {
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    const json = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url === '/api/health') return json(200, { status: 'ok' });
    if (url === '/sanctum/csrf-cookie') return res.writeHead(204).end();
    if (url.startsWith('/api/user')) return json(401, { message: 'Unauthenticated.' });
    return json(404, { message: 'Not found.' });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url,
        stub: true,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

module.exports = { startStubApi };
