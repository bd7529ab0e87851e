import {
  Component,
  type ComponentProps,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/**
 * A code chunk that did not arrive (offline, a flaky network): webpack/Rspack's ChunkLoadError,
 * a CSS chunk, a browser's failed `import()`, or the federation runtime's failed remote file.
 */
export function isChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk .* failed|dynamically imported module|Importing a module script failed|RUNTIME-00\d/i.test(
      error.message,
    )
  );
}

/** Lazy components whose load failed: each is made afresh at the next retry (see ChunkBoundary). */
const failed = new Set<() => void>();

/** Makes every failed lazy component load again at its next render. */
function renewFailed(): void {
  for (const renew of failed) renew();
  failed.clear();
}

/**
 * `React.lazy` keeps a failed load forever; this one is made afresh when a ChunkBoundary retries
 * (back online, the next navigation, its Retry button), so the next render loads again. Not at
 * once: React renders a failed lazy again right away, which would retry without end.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's
export function lazyRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const make = (): LazyExoticComponent<T> =>
    lazy(async () => {
      try {
        return await load();
      } catch (error) {
        failed.add(() => {
          current = make();
        });
        throw error;
      }
    });
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy module at import time, like React.lazy's
  return function LazyRetry(props: ComponentProps<T>) {
    const Loaded = current as unknown as ComponentType<ComponentProps<T>>;
    return <Loaded {...props} />;
  };
}

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkError(error)) console.warn('Chunk not loaded', error.message, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error !== undefined && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    renewFailed();
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // Anything but missing code is the next boundary's (the page's or the section's) to show.
    if (!isChunkError(error)) throw error;
    return this.props.fallback(this.retry);
  }
}

/**
 * After the browser says it is online again, code that still failed is tried at these delays too:
 * the `online` event can come before the network (or the service worker's) really answers.
 */
const AFTER_ONLINE_MS = [0, 1_500, 5_000];

/**
 * Changes at every chance to load code that did not arrive (issue 38): the browser back online
 * (then a few more times while the connection settles) and each navigation. What failed (a
 * section, a slot module, a lazy chunk) loads again then instead of keeping its failure.
 */
export function useRetryKey(): string {
  const { pathname } = useLocation();
  const [online, setOnline] = useState(0);
  useEffect(() => {
    let timers: ReturnType<typeof setTimeout>[] = [];
    const again = () => {
      for (const timer of timers) clearTimeout(timer);
      timers = AFTER_ONLINE_MS.map((ms) => setTimeout(() => setOnline((n) => n + 1), ms));
    };
    addEventListener('online', again);
    return () => {
      removeEventListener('online', again);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return `${pathname}#${online}`;
}

/** The inline note where the missing part would be: what happened, and Retry. */
export function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="alert alert-error chunk-failed" role="alert">
      <span>{t('chunk.failed')}</span>{' '}
      <button type="button" className="secondary" onClick={onRetry}>
        {t('buttons.retry')}
      </button>
    </div>
  );
}

/**
 * Around a lazily loaded part of a section (a dialog, a page): when its code cannot be fetched,
 * a note with Retry stands in its place — next to what was clicked, the page and its state (a
 * selection, a form's input) untouched, never the section's "unavailable" card — and it loads
 * again by itself when the browser is back online and at the next navigation (issue 38).
 * Errors other than missing code go on to the boundary above.
 */
export function ChunkBoundary({
  children,
  fallback = null,
  failed = (retry) => <ChunkFailed onRetry={retry} />,
}: {
  children: ReactNode;
  /** Shown while the code loads (Suspense). */
  fallback?: ReactNode;
  failed?: (retry: () => void) => ReactNode;
}) {
  const resetKey = useRetryKey();
  return (
    <Boundary resetKey={resetKey} fallback={failed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Boundary>
  );
}
