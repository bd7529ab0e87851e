import fs from 'node:fs';
import path from 'node:path';

/**
 * Every internal link goes through the named routes of ./routes.ts, so that a renamed path is
 * changed in one place. This scans the packages that share those names (a new section such as
 * remote-stock keeps its own route names in its package) for a literal path in a link.
 */
const repo = path.resolve(__dirname, '../../..');
const PACKAGES = ['shared', 'shell', 'remote-account', 'remote-info', 'remote-user-admin', 'remote-warehouse-admin'];

/** A literal '/…' path (string or template) where a link target goes. */
const LITERAL_LINK = [
  /\b(?:to|href)=["']\//, // <Link to="/x">, <a href="/x">
  /\b(?:to|href)=\{\s*[`'"]\//, // <Link to={'/x'}>, to={`/x/${id}`}
  /\bnavigate\(\s*[`'"]\//, // navigate('/x')
  /\bto:\s*[`'"]\//, // { to: '/x' } (form redirects, cards)
  /\?\s*[`'"]\/[^`'"]*[`'"]\s*:/, // cond ? '/x' : … as a link target
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'generated' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function literalLinks(): string[] {
  return PACKAGES.flatMap((pkg) => sources(path.join(repo, pkg, 'src'))).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        LITERAL_LINK.some((pattern) => pattern.test(line))
          ? [`${path.relative(repo, file)}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

describe('internal links', () => {
  it('use namedRoutes/routePatterns, never a literal path', () => {
    expect(literalLinks()).toEqual([]);
  });

  it('would catch a literal path (the patterns are not dead)', () => {
    const bad = [
      '<Link to="/login">',
      "navigate('/dashboard')",
      "after: { ms: 0, to: '/login' }",
      'to={`/admin/warehouse`}',
    ];
    for (const line of bad) expect(LITERAL_LINK.some((pattern) => pattern.test(line))).toBe(true);
    expect(LITERAL_LINK.some((pattern) => pattern.test('<Link to={namedRoutes.login()}>'))).toBe(false);
  });
});
