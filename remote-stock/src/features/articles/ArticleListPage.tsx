import { Alert, EmptyState, Page, SelectField, Skeleton, TextField } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type Article, type ListStockArticlesApiArg, useListStockArticlesQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { money } from '../../lib/money';
import { useStockPermissions } from '../../lib/permissions';
import { MoreRow, ShortLabel, TableHead, useCursorPages, WideRow } from '../../lib/table';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../lib/use-debounced';
import { articleLabel, type LabelInput, PrintLabelsButton } from '../labels';
import { StockNav } from '../nav';

/** Search waits for a pause in typing. */
const SORTS = ['name', 'sku', 'quantity', 'updated'] as const;
type Sort = (typeof SORTS)[number];
type Filters = Omit<ListStockArticlesApiArg, 'cursor' | 'limit'>;

/** /stock: the warehouse's articles. The low-stock filter lives in the address (?low=1, the dashboard card's link). */
export function ArticleListPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const low = params.get('low') === '1';
  const archived = params.get('archived') === '1';
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'name';
  const permissions = useStockPermissions();
  // Chosen for labels; kept while searching and filtering, so one print run can collect articles from several searches.
  const [selected, setSelected] = useState<ReadonlyMap<number, LabelInput>>(new Map());
  const toggle = (article: Article) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(article.id)) next.set(article.id, articleLabel(article));
      return next;
    });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const filters: Filters = {
    q: q || undefined,
    low: low ? '1' : undefined,
    archived: archived ? '1' : undefined,
    sort,
  };

  return (
    <Page title={t('list.title')}>
      <StockNav />
      <div className="actions">
        {permissions.manage && (
          <Link className="button" to="/stock/articles/new">
            {t('list.new')}
          </Link>
        )}
        <PrintLabelsButton labels={[...selected.values()]} text={t('labels.printSelected', { count: selected.size })} />
      </div>
      <div className="stock-filters">
        <TextField
          label={t('list.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          hint={t('list.searchHint')}
        />
        <SelectField
          label={t('list.sort')}
          // The select's empty first entry is the default order (by name).
          value={sort === 'name' ? '' : sort}
          placeholder={t('list.sorts.name')}
          options={SORTS.filter((value) => value !== 'name').map((value) => ({
            value,
            label: t(`list.sorts.${value}`),
          }))}
          onChange={(e) => setParam('sort', e.target.value && e.target.value !== 'name' ? e.target.value : null)}
        />
        <label className="stock-check">
          <input type="checkbox" checked={low} onChange={(e) => setParam('low', e.target.checked ? '1' : null)} />
          {t('list.lowOnly')}
        </label>
        <label className="stock-check">
          <input
            type="checkbox"
            checked={archived}
            onChange={(e) => setParam('archived', e.target.checked ? '1' : null)}
          />
          {t('list.showArchived')}
        </label>
      </div>
      {/* A new filter starts again at the first page. */}
      <ArticlePages key={JSON.stringify(filters)} filters={filters} selected={selected} onToggle={toggle} />
    </Page>
  );
}

/** The articles chosen for labels, and choosing one more or one fewer. */
type Selection = { selected: ReadonlyMap<number, LabelInput>; onToggle: (article: Article) => void };

/** The pages loaded so far, one query per cursor ("load more" appends the next). */
function ArticlePages({ filters, ...selection }: { filters: Filters } & Selection) {
  const { t } = useTranslation(NS);
  const pages = useCursorPages();
  // stock-spec-3 §3: the value column only for those the API sends costs to.
  const { value } = useStockPermissions();
  return (
    <table className={value ? 'stock-table stock-table-valued' : 'stock-table'}>
      <caption className="visually-hidden">{t('list.title')}</caption>
      <TableHead
        columns={[
          { label: <span className="visually-hidden">{t('labels.selectColumn')}</span> },
          { label: <ShortLabel short={t('columns.sku')} full={t('fields.sku')} /> },
          { label: t('fields.name') },
          { label: t('fields.quantity'), number: true },
          ...(value ? [{ label: t('fields.value'), number: true }] : []),
        ]}
      />
      {pages.map(({ key, ...page }) => (
        <ArticlePage key={key} filters={filters} withValue={value} {...selection} {...page} />
      ))}
    </table>
  );
}

function ArticlePage({
  filters,
  withValue,
  cursor,
  first,
  onMore,
  selected,
  onToggle,
}: {
  filters: Filters;
  cursor?: string;
  first: boolean;
  withValue: boolean;
  onMore?: (cursor: string) => void;
} & Selection) {
  const { t, i18n } = useTranslation(NS);
  const columns = withValue ? 5 : 4;
  const format = useFormat();
  const { data, isLoading, isError, isFetching } = useListStockArticlesQuery({ ...filters, cursor });
  if (isLoading) {
    return (
      <tbody>
        <WideRow columns={columns}>
          <Skeleton rows={first ? 5 : 2} label={t('list.loading')} />
        </WideRow>
      </tbody>
    );
  }
  if (isError || !data) {
    return (
      <tbody>
        <WideRow columns={columns}>
          <Alert kind="error">{t('errors.loadFailed')}</Alert>
        </WideRow>
      </tbody>
    );
  }
  return (
    <tbody aria-busy={isFetching}>
      {first && data.articles.length === 0 && (
        <WideRow columns={columns}>
          <EmptyState>{filters.q || filters.low ? t('list.noMatch') : t('list.empty')}</EmptyState>
        </WideRow>
      )}
      {data.articles.map((article) => (
        <tr key={article.id}>
          <td className="stock-select">
            <input
              type="checkbox"
              checked={selected.has(article.id)}
              onChange={() => onToggle(article)}
              aria-label={t('labels.select', { name: article.name })}
            />
          </td>
          <td className="tabular">{article.sku}</td>
          <td>
            <Link to={`/stock/articles/${article.id}`}>{article.name}</Link>
            {article.archived_at && <span className="badge"> {t('list.archived')}</span>}
          </td>
          <td className="number tabular">
            {format.quantity(article.quantity, article.unit)}
            {article.low_stock && <span className="badge stock-low"> {t('list.low')}</span>}
          </td>
          {withValue && (
            <td className="number tabular">{article.value == null ? '' : money(i18n.language, article.value)}</td>
          )}
        </tr>
      ))}
      <MoreRow columns={columns} cursor={data.next_cursor} onMore={onMore} />
    </tbody>
  );
}
