import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Changes at every chance to load code that did not arrive (issue 38): the browser back online and
 * each navigation. A section or slot module that failed (offline, a flaky network) loads again then,
 * instead of keeping its failure until the page is reloaded.
 */
export function useRetryKey(): string {
  const { pathname } = useLocation();
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const again = () => setOnline((n) => n + 1);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, []);
  return `${pathname}#${online}`;
}
