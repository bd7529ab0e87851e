import { useSearchParams } from 'react-router-dom';

/**
 * The query parameters a mail's link must carry (reset: token and email; verification: expires and
 * signature), or null when one is missing or empty: the screen then sends the visitor home.
 */
export function useLinkParams<const Name extends string>(...names: Name[]): Record<Name, string> | null {
  const [query] = useSearchParams();
  const entries = names.map((name) => [name, query.get(name)] as const);
  if (entries.some(([, value]) => !value)) return null;
  return Object.fromEntries(entries) as Record<Name, string>;
}
