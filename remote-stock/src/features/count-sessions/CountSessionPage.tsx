import { Alert, EmptyState, errorMessage, Page, SelectField, Skeleton, TextField, useAppDispatch } from '@lager/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { type Article, stockEndpoints, type Unit } from '../../api/stock-api';
import { NS } from '../../i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { useStockPermissions } from '../../lib/permissions';
import { CameraScan } from '../book';
import { childrenOf, subtreeIds, treeOptions, useListStockLocationsQuery } from '../locations';
import { StockNav } from '../nav';
import {
  COUNT_ERRORS,
  type CountLine,
  type CountSession,
  lineKey,
  trackedOf,
  usePutStockCountLinesMutation,
} from './api';
import { SessionFailed, SessionHeading, SheetsButton, useLiveSession } from './session-parts';
import './i18n';

/** An article found on the shelf that has no line at this location yet: counted here, it joins the session. */
interface Found {
  article: Pick<Article, 'id' | 'sku' | 'name' | 'unit' | 'tracking'>;
  locationId: number;
  /** The lot of a lot article, the serial of a serial article (one unit: counted 0 or 1). */
  code: string;
  value: string;
}

const fieldId = (key: string) => `count-line-${key}`;
const foundKey = (f: Found) => `found-${f.article.id}-${f.locationId}`;

/**
 * /stock/count-sessions/:id: counting on a phone. Pick a location, type what is on the shelf (or scan
 * an article to jump to its line, or to add one found there), save; the lines refresh every few
 * seconds and when the page comes back into view, so what another counter saved shows up.
 */
export function CountSessionPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const { data, isLoading, isError, error, refetch, isFetching } = useLiveSession(id);
  const session = data?.session;
  return (
    <Page title={t('countSessions.countTitle', { id })}>
      <StockNav />
      {isLoading && <Skeleton rows={5} label={t('countSessions.loading')} />}
      {isError && !session && <SessionFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {session && (
        <>
          <SessionHeading session={session} />
          {session.status === 'open' ? <CountSheet session={session} /> : <ClosedNote id={session.id} />}
        </>
      )}
    </Page>
  );
}

function ClosedNote({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const can = useStockPermissions();
  return (
    <Alert kind="info">
      {t('countSessions.closedNote')}{' '}
      {can.manageCounts && <Link to={`/stock/count-sessions/${id}/review`}>{t('countSessions.result')}</Link>}
    </Alert>
  );
}

function CountSheet({ session }: { session: CountSession }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const dispatch = useAppDispatch();
  const can = useStockPermissions();
  const [place, setPlace] = useState('');
  const [search, setSearch] = useState('');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [found, setFound] = useState<Found[]>([]);
  const [missed, setMissed] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [put, { isLoading: saving }] = usePutStockCountLinesMutation();
  const locations = useListStockLocationsQuery(undefined).data?.locations;

  useEffect(() => {
    if (focusTarget === null) return;
    const field = document.getElementById(focusTarget);
    if (!field) return;
    field.focus();
    setFocusTarget(null);
  });

  // The locations a counter may pick: the session's subtree (or every one), in tree order.
  const placeOptions = useMemo(() => {
    const all = (locations ?? []).filter((l) => !l.archived_at);
    if (session.location_id === null) return treeOptions(all);
    const inScope = subtreeIds(childrenOf(all), session.location_id);
    return treeOptions(all.filter((l) => inScope.has(l.id)));
  }, [locations, session.location_id]);

  const q = search.trim().toLowerCase();
  const lines = session.lines.filter(
    (line) =>
      (!place || line.location_id === Number(place)) &&
      (!q || `${line.article_sku} ${line.article_name} ${line.lot ?? line.serial ?? ''}`.toLowerCase().includes(q)),
  );
  const foundHere = found.filter((f) => !place || f.locationId === Number(place));
  const scoped = session.lines.filter((line) => !place || line.location_id === Number(place));
  const countedHere = scoped.filter((line) => line.counted !== null).length;

  const pending = [
    ...Object.entries(drafts)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => ({ key, value, line: session.lines.find((l) => lineKey(l) === key) }))
      .filter((entry): entry is { key: string; value: string; line: CountLine } => !!entry.line)
      .map(({ key, value, line }) => ({
        key,
        value,
        body: { article_id: line.article_id, location_id: line.location_id, ...trackedOf(line) },
      })),
    ...found
      .filter((f) => f.value.trim() !== '')
      .map((f) => ({
        key: foundKey(f),
        value: f.value,
        body: {
          article_id: f.article.id,
          location_id: f.locationId,
          ...trackedOf({
            lot: f.article.tracking === 'lot' ? f.code.trim() || null : null,
            serial: f.article.tracking === 'serial' ? f.code.trim() || null : null,
          }),
        },
      })),
  ];
  const invalid = (value: string) => {
    const n = parseQuantity(value);
    return value.trim() !== '' && (Number.isNaN(n) || n < 0);
  };

  const save = async () => {
    setFeedback(null);
    if (pending.some((p) => invalid(p.value))) {
      setFeedback({ kind: 'error', text: t('countSessions.invalidCounts') });
      return;
    }
    const sent = pending;
    try {
      await put({
        id: session.id,
        body: sent.map((p) => ({ ...p.body, counted: parseQuantity(p.value) })),
      }).unwrap();
      // What was saved leaves the drafts; what was typed meanwhile stays.
      setDrafts((current) => {
        const next = { ...current };
        for (const p of sent) if (next[p.key] === p.value) delete next[p.key];
        return next;
      });
      setFound((current) => current.filter((f) => !sent.some((p) => p.key === foundKey(f) && p.value === f.value)));
      setFeedback({ kind: 'success', text: t('countSessions.saved', { count: sent.length }) });
    } catch (failure) {
      const { key, values } = errorMessage(failure, COUNT_ERRORS);
      setFeedback({ kind: 'error', text: t(key, values) });
    }
  };

  /**
   * Enter in the search (a scanner types the code and Enter): the article with this SKU or barcode
   * gets the focus on its line; one found on the shelf without a line at the chosen location is added.
   */
  const jumpTo = async (scanned?: string) => {
    const code = (scanned ?? search).trim();
    if (!code) return;
    const lower = code.toLowerCase();
    const inPlace = (line: CountLine) => !place || line.location_id === Number(place);
    let line = session.lines.find((l) => inPlace(l) && l.article_sku.toLowerCase() === lower);
    let article: Found['article'] | undefined;
    if (!line) {
      try {
        const { articles } = await dispatch(
          stockEndpoints.listStockArticles.initiate({ q: code, limit: 20 }, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        article =
          articles.find((a) => a.barcode === code || a.sku.toLowerCase() === lower) ??
          (articles.length === 1 ? articles[0] : undefined);
      } catch {
        setMissed('countSessions.lookupFailed');
        return;
      }
      if (!article) {
        setMissed('countSessions.unknownCode');
        return;
      }
      const match = article;
      line = session.lines.find((l) => inPlace(l) && l.article_id === match.id);
    }
    setMissed(null);
    if (line) {
      setSearch('');
      setFocusTarget(fieldId(lineKey(line)));
      return;
    }
    const shelf = article!;
    if (!place) return setMissed('countSessions.pickLocation');
    const entry: Found = { article: shelf, locationId: Number(place), code: '', value: '' };
    setSearch('');
    setFound((current) => (current.some((f) => foundKey(f) === foundKey(entry)) ? current : [...current, entry]));
    setFocusTarget(fieldId(foundKey(entry)));
  };
  /** The camera reads a code: it is looked up like a typed one (a stable callback, so the camera keeps running). */
  const latestJump = useRef(jumpTo);
  latestJump.current = jumpTo;
  const onCamera = useCallback((code: string) => void latestJump.current(code), []);

  const locationCode = (locationId: number) => locations?.find((l) => l.id === locationId)?.code ?? `#${locationId}`;

  return (
    <>
      <div className="stock-filters">
        <SelectField
          label={t('countSessions.location')}
          placeholder={t('countSessions.allLocations')}
          options={placeOptions}
          value={place}
          onChange={(e) => setPlace(e.target.value)}
        />
        <TextField
          label={t('countSessions.find')}
          hint={t('countSessions.findHint')}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void jumpTo();
            }
          }}
        />
      </div>
      <CameraScan onCode={onCamera} />
      {missed && <Alert kind="error">{t(missed)}</Alert>}
      <div className="actions">
        <SheetsButton id={session.id} />
        {can.manageCounts && <Link to={`/stock/count-sessions/${session.id}/review`}>{t('countSessions.review')}</Link>}
      </div>
      <p aria-live="polite">{t('countSessions.countedOfTotal', { done: countedHere, total: scoped.length })}</p>
      {lines.length === 0 && foundHere.length === 0 && (
        <EmptyState>{t(q ? 'countSessions.noMatch' : 'countSessions.nothingHere')}</EmptyState>
      )}
      <ul className="stock-count-lines" aria-label={t('countSessions.lines')}>
        {foundHere.map((f) => {
          const key = foundKey(f);
          return (
            <li key={key}>
              <p className="stock-count-line-head">
                <span className="tabular">{f.article.sku}</span> · {f.article.name}
              </p>
              <p className="stock-count-line-facts">
                {locationCode(f.locationId)} · {t('countSessions.foundHere')}
              </p>
              <div className="stock-count-line-fields">
                {f.article.tracking !== 'none' && (
                  <TextField
                    label={t(f.article.tracking === 'lot' ? 'countSessions.lot' : 'countSessions.serial')}
                    value={f.code}
                    autoComplete="off"
                    onChange={(e) =>
                      setFound((all) => all.map((x) => (foundKey(x) === key ? { ...x, code: e.target.value } : x)))
                    }
                  />
                )}
                <CountInput
                  id={fieldId(key)}
                  label={t('countSessions.countedOf', { name: f.article.name, place: locationCode(f.locationId) })}
                  unit={t(`units.${f.article.unit}`)}
                  value={f.value}
                  invalid={invalid(f.value)}
                  onChange={(value) => setFound((all) => all.map((x) => (foundKey(x) === key ? { ...x, value } : x)))}
                />
              </div>
            </li>
          );
        })}
        {lines.map((line) => {
          const key = lineKey(line);
          const unit = line.unit as Unit;
          const value = drafts[key] ?? '';
          return (
            <li key={key}>
              <p className="stock-count-line-head">
                <span className="tabular">{line.article_sku}</span> · {line.article_name}
              </p>
              <p className="stock-count-line-facts">
                {line.location_code}
                {line.lot && <> · {t('countSessions.lotValue', { lot: line.lot })}</>}
                {line.serial && <> · {t('countSessions.serialValue', { serial: line.serial })}</>}
                {line.expected !== undefined && (
                  <> · {t('countSessions.expectedValue', { quantity: format.quantity(line.expected, unit) })}</>
                )}
                {!!line.moved && <> · {t('countSessions.movedValue', { quantity: format.delta(line.moved, unit) })}</>}
              </p>
              <CountInput
                id={fieldId(key)}
                label={t('countSessions.countedOf', {
                  name: [line.article_name, line.lot ?? line.serial].filter(Boolean).join(' '),
                  place: line.location_code,
                })}
                unit={t(`units.${unit}`)}
                value={value}
                invalid={invalid(value)}
                onChange={(next) => setDrafts((all) => ({ ...all, [key]: next }))}
              />
              {line.counted !== null && (
                <p className="stock-count-line-last">
                  {t('countSessions.lastCounted', {
                    quantity: format.quantity(line.counted, unit),
                    by: line.counted_by ?? '',
                    at: line.counted_at ? format.dateTime(line.counted_at) : '',
                  })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="stock-count-save">
        {feedback && <Alert kind={feedback.kind}>{feedback.text}</Alert>}
        <button type="button" onClick={() => void save()} disabled={saving || pending.length === 0} aria-busy={saving}>
          {pending.length ? t('countSessions.save', { count: pending.length }) : t('countSessions.saveNothing')}
        </button>
      </div>
    </>
  );
}

function CountInput({
  id,
  label,
  unit,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <span className="stock-count-field">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="stock-count-input"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />{' '}
      <span aria-hidden="true">{unit}</span>
    </span>
  );
}
