/**
 * The cookies a test's browser stand-in keeps between requests (api/test/api-process.ts,
 * scripts/stack-hardening.test.cjs): every Set-Cookie is kept, and every request sends them back
 * with the XSRF header a browser's HTTP client derives from the XSRF-TOKEN cookie.
 */
function cookieJar() {
  const jar = new Map();
  return {
    /** The cookie and X-XSRF-TOKEN headers for the next request. */
    headers: () => ({
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    }),
    /** Keeps the cookies of an answer's Set-Cookie lines. */
    keep(setCookieLines) {
      for (const line of setCookieLines) {
        const [pair] = line.split(';');
        const [name, ...value] = pair.split('=');
        jar.set(name.trim(), value.join('='));
      }
    },
  };
}

module.exports = { cookieJar };
