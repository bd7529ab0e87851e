import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './page-title';

/** A message after an action: errors are announced at once, successes politely. */
export function Alert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label ?? t('states.loading')}
    </p>
  );
}

/**
 * Placeholder rows where a list loads: the page keeps its shape (no jump when data arrives),
 * and screen readers hear "Loading …" once instead of empty rows.
 */
export function Skeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" className="skeleton-block">
      <span className="visually-hidden">{label ?? t('states.loading')}</span>
      <ul className="skeleton" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own.
          <li key={i} className="skeleton-line" />
        ))}
      </ul>
    </div>
  );
}

/** Nothing to list: a sentence and, where there is one, the next action (a link or button). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Inbox className="empty-state-icon" aria-hidden="true" focusable="false" />
      {children}
      {action}
    </div>
  );
}

export function NoPermission() {
  const { t } = useTranslation('common');
  return <Alert kind="info">{t('errors.noPermission')}</Alert>;
}

export function Card({ title, children, className }: { title?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`card ${className ?? ''}`.trim()}>
      {title && <h2 className="card-title">{title}</h2>}
      {children}
    </section>
  );
}

interface PageProps {
  title: ReactNode;
  /** The browser tab's title when `title` is not plain text. */
  documentTitle?: string;
  children: ReactNode;
}

/** A screen: its heading, and the browser tab's title ("Meine Lager – Lager"). */
export function Page({ title, documentTitle, children }: PageProps) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className="page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
