import { useScrollRestoration } from '../features/routing/useScrollRestoration';

export function ScrollManager() {
  useScrollRestoration();
  return null;
}
