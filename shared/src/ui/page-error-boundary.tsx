import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Alert, Page } from './feedback';

interface BoundaryProps {
  children: ReactNode;
  /** Leaving the page (another path) clears the failure. */
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Page title={t('pageFailed.title')}>
      <Alert kind="error">{t('pageFailed.text')}</Alert>
      <div className="actions">
        <button type="button" onClick={onRetry}>
          {t('buttons.retry')}
        </button>
      </div>
    </Page>
  );
}

/**
 * A page that crashes while rendering shows a translated card with Retry in its place; the
 * header, footer and navigation around it keep working, and going elsewhere clears it.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={(retry) => <PageFailed onRetry={retry} />}>
      {children}
    </Boundary>
  );
}
