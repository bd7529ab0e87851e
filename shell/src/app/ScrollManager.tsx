import { useScrollRestoration } from '../features/routing/use-scroll-restoration';

export function ScrollManager() {
  useScrollRestoration();
  return null;
}
