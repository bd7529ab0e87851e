import {
  Alert,
  EmptyState,
  FormFeedback,
  Page,
  Skeleton,
  TextField,
  useAppDispatch,
  useFormSubmit,
} from '@lager/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type Article,
  BOOKING_ERRORS,
  stockEndpoints,
  useBookStockCountMutation,
  useListStockArticlesQuery,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import './i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { type Column, TableHead } from '../../lib/table';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../lib/use-debounced';
import { LocationSelect, locationIdOf, useStockAt } from '../locations';
import { StockNav } from '../nav';

/** An article on the sheet: from the article list, a scan, or what lies at the location counted. */
type SheetArticle = Pick<Article, 'id' | 'sku' | 'name' | 'unit' | 'quantity'> & { barcode?: string | null };
interface Counted {
  article: SheetArticle;
  value: string;
}
type Sheet = Record<number, Counted>;

const fieldId = (id: number) => `count-${id}`;

/** /stock/count: count articles (from the list or by scanning), review the differences, book all corrections at once. */
export function StocktakePage() {
  const { t } = useTranslation(NS);
  const [sheet, setSheet] = useState<Sheet>({});
  const [reviewing, setReviewing] = useState(false);
  // stock-spec-2.md §1: a stocktake per location (/stock/count?location=ID from the location page).
  const [params] = useSearchParams();
  const [location, setLocation] = useState(() => params.get('location') ?? '');
  const entered = Object.values(sheet).filter((line) => line.value.trim() !== '');

  return (
    <Page title={t('count.title')}>
      <StockNav />
      {reviewing ? (
        <Review lines={entered} location={location} onBack={() => setReviewing(false)} onBooked={() => setSheet({})} />
      ) : (
        <>
          <LocationSelect value={location} onChange={setLocation} />
          <CountSheet
            location={location}
            sheet={sheet}
            onChange={(article, value) => setSheet((s) => ({ ...s, [article.id]: { article, value } }))}
          />
          <div className="actions">
            <button type="button" disabled={entered.length === 0} onClick={() => setReviewing(true)}>
              {t('count.review', { count: entered.length })}
            </button>
          </div>
        </>
      )}
    </Page>
  );
}

function CountSheet({
  location,
  sheet,
  onChange,
}: {
  location: string;
  sheet: Sheet;
  onChange: (article: SheetArticle, value: string) => void;
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const [pinned, setPinned] = useState<SheetArticle[]>([]);
  /** What the last scan (Enter) found no field for: an unknown code, or a lookup that failed. */
  const [missed, setMissed] = useState<'unknownCode' | 'lookupFailed' | null>(null);
  /** The count field to focus once it is on screen (a scanned article may need a render first). */
  const [focusTarget, setFocusTarget] = useState<number | null>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    const field = document.getElementById(fieldId(focusTarget));
    if (!field) return;
    field.focus();
    setFocusTarget(null);
  });
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // At a location the sheet is what lies there (all of it, with the quantities there); others come by scan.
  const there = useStockAt(locationIdOf(location));
  const list = useListStockArticlesQuery({ q: q || undefined, sort: 'sku', limit: 100 }, { skip: !!location });
  const { data, isLoading, isError } = location
    ? { data: there.loading || there.failed ? undefined : there.items, isLoading: there.loading, isError: there.failed }
    : { data: list.data?.articles, isLoading: list.isLoading, isError: list.isError };
  const booked = (article: SheetArticle) => (location ? (there.quantities.get(article.id) ?? 0) : article.quantity);
  // Counted and scanned articles stay on the sheet when the search changes.
  const listed: SheetArticle[] = location
    ? there.items
        .filter((item) => !q || `${item.sku} ${item.name}`.toLowerCase().includes(q.toLowerCase()))
        .map((item) => ({
          id: item.article_id,
          sku: item.sku,
          name: item.name,
          unit: item.unit as Article['unit'],
          quantity: item.quantity,
        }))
    : (list.data?.articles ?? []);
  const kept = [...pinned, ...Object.values(sheet).map((line) => line.article)];
  const extra = kept.filter(
    (article, i) => !listed.some((a) => a.id === article.id) && kept.findIndex((a) => a.id === article.id) === i,
  );
  const rows = [...extra, ...listed];

  /**
   * Enter in the search (a scanner types the code and Enter, faster than the debounced list):
   * the article with exactly this barcode or SKU gets the focus, looked up once if not listed.
   * The match is pinned even when it is listed: the list on screen may be an older search's, and a
   * search answering after the scan must not take the row (and the count being typed) away.
   */
  const jumpTo = async () => {
    const code = search.trim();
    if (!code) return;
    const exact = <T extends SheetArticle>(list: T[]) =>
      list.find((a) => a.barcode === code || a.sku.toLowerCase() === code.toLowerCase());
    let match: SheetArticle | undefined = exact(rows);
    if (!match) {
      try {
        const { articles } = await dispatch(
          stockEndpoints.listStockArticles.initiate({ q: code, limit: 20 }, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        match = exact(articles) ?? (articles.length === 1 ? articles[0] : undefined);
      } catch {
        setMissed('lookupFailed');
        return;
      }
    }
    setMissed(match ? null : 'unknownCode');
    const found = match;
    if (!found) return;
    setPinned((list) => [found, ...list.filter((a) => a.id !== found.id)]);
    setFocusTarget(found.id);
  };

  return (
    <>
      <TextField
        label={t('count.find')}
        hint={t('count.findHint')}
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
      {missed && <Alert kind="error">{t(`count.${missed}`)}</Alert>}
      {isLoading && <Skeleton rows={5} label={t('list.loading')} />}
      {isError && <Alert kind="error">{t('errors.loadFailed')}</Alert>}
      {location && <p>{t('count.atLocation')}</p>}
      {data && rows.length === 0 && <EmptyState>{t(location && !q ? 'count.nothingHere' : 'list.noMatch')}</EmptyState>}
      {rows.length > 0 && (
        <CountTable caption={t('count.title')} columns={[{ label: t('count.counted') }]}>
          {rows.map((article) => (
            <tr key={article.id}>
              <td>
                <span className="tabular">{article.sku}</span> · {article.name}
              </td>
              <td className="number tabular">{format.quantity(booked(article), article.unit)}</td>
              <td>
                <label className="visually-hidden" htmlFor={fieldId(article.id)}>
                  {t('count.countedOf', { name: article.name })}
                </label>
                <input
                  id={fieldId(article.id)}
                  className="stock-count-input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={sheet[article.id]?.value ?? ''}
                  onChange={(e) => onChange(article, e.target.value)}
                />
              </td>
            </tr>
          ))}
        </CountTable>
      )}
    </>
  );
}

function Review({
  lines,
  location,
  onBack,
  onBooked,
}: {
  lines: Counted[];
  location: string;
  onBack: () => void;
  onBooked: () => void;
}) {
  const { t } = useTranslation(NS);
  // Counting at a location: the booked stock is the article's stock there.
  const there = useStockAt(locationIdOf(location));
  const booked = (article: SheetArticle) => (location ? (there.quantities.get(article.id) ?? 0) : article.quantity);
  const format = useFormat();
  const [bookCount] = useBookStockCountMutation();
  const idempotent = useIdempotentSubmit();
  const invalid = lines.filter((line) => {
    const n = parseQuantity(line.value);
    return Number.isNaN(n) || n < 0;
  });
  const form = useFormSubmit<{ note: string }, { movements: unknown[]; unchanged: number }>({
    ns: NS,
    initial: { note: '' },
    validate: () => (invalid.length ? 'errors.quantityInvalid' : undefined),
    send: (v) => {
      const body = {
        lines: lines.map((line) => ({
          article_id: line.article.id,
          counted: parseQuantity(line.value),
          ...(location && { location_id: Number(location) }),
        })),
        note: v.note.trim() || null,
      };
      return idempotent(body, (key) => bookCount({ 'idempotency-key': key, body }).unwrap());
    },
    errors: BOOKING_ERRORS,
    success: (result) => ({
      key: 'count.booked',
      values: { count: result.movements.length, unchanged: result.unchanged },
    }),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="form">
      <h2>{t('count.reviewTitle')}</h2>
      <CountTable
        caption={t('count.reviewTitle')}
        columns={[
          { label: t('count.counted'), number: true },
          { label: t('count.difference'), number: true },
        ]}
      >
        {lines.map(({ article, value }) => {
          const counted = parseQuantity(value);
          const valid = !Number.isNaN(counted) && counted >= 0;
          return (
            <tr key={article.id}>
              <td>
                {article.sku} · {article.name}
              </td>
              <td className="number tabular">{format.quantity(booked(article), article.unit)}</td>
              <td className="number tabular">{valid ? format.quantity(counted, article.unit) : value}</td>
              <td className="number tabular">
                {valid
                  ? format.delta(Math.round((counted - booked(article)) * 1000) / 1000, article.unit)
                  : t('count.invalid')}
              </td>
            </tr>
          );
        })}
      </CountTable>
      <fieldset disabled={form.busy || form.done}>
        <TextField label={t('booking.note')} {...form.field('note')} />
      </fieldset>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        {!form.done && (
          <>
            <button type="submit" disabled={form.busy} aria-busy={form.busy}>
              {t('count.bookAll', { count: lines.length })}
            </button>
            <button type="button" className="secondary" disabled={form.busy} onClick={onBack}>
              {t('count.back')}
            </button>
          </>
        )}
        {form.done && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              onBooked();
              onBack();
            }}
          >
            {t('count.again')}
          </button>
        )}
      </div>
    </form>
  );
}

/** A table of counted articles: the article, its booked stock, then `columns`. */
function CountTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <table className="stock-table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead
        columns={[{ label: t('columns.article') }, { label: t('fields.quantity'), number: true }, ...columns]}
      />
      <tbody>{children}</tbody>
    </table>
  );
}
