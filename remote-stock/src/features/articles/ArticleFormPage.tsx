import {
  Alert,
  type ErrorMessage,
  FormFeedback,
  fieldErrorMessages,
  Page,
  RequirePermission,
  SelectField,
  Skeleton,
  TextField,
  useFormSubmit,
} from '@lager/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../lots';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ARTICLE_ERRORS,
  type Article,
  useCreateStockArticleMutation,
  useGetStockArticleQuery,
  useUpdateStockArticleMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import { LIMITS_STOCK, UNITS } from '../../lib/units';
import {
  type ArticleField,
  type ArticleFormValues,
  articleFieldErrors,
  EMPTY_ARTICLE,
  fromArticle,
  toArticleInput,
} from './article-form-values';

/**
 * A 422 names fields: each gets a catalogue text (the code naming it, the limit it exceeds, else
 * "check this field"), never the server's text.
 */
const ARTICLE_FIELD_CHECK = Object.fromEntries(
  Object.keys(EMPTY_ARTICLE).map((field) => [field, 'errors.fieldInvalid']),
);
const serverFieldErrors = (error: unknown): Partial<Record<ArticleField, ErrorMessage>> =>
  fieldErrorMessages(error, { ...ARTICLE_ERRORS, fields: ARTICLE_FIELD_CHECK }, Object.keys(EMPTY_ARTICLE));

/**
 * /stock/articles/new. The shell's route table holds /stock/articles/:id (view_stock) for this
 * path too (the first of two overlapping patterns wins), so the page checks manage_articles itself.
 */
export function NewArticlePage() {
  const { t } = useTranslation(NS);
  return (
    <Page title={t('form.newTitle')}>
      <RequirePermission anyOf={['manage_articles']}>
        <ArticleForm draftKey="stockArticleNew" initial={EMPTY_ARTICLE} />
      </RequirePermission>
    </Page>
  );
}

/** /stock/articles/:id/edit */
export function EditArticlePage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const { data, isLoading, isError } = useGetStockArticleQuery(id);
  return (
    <Page title={t('form.editTitle')}>
      {isLoading && <Skeleton rows={6} label={t('list.loading')} />}
      {isError && <Alert kind="error">{t('errors.articleNotFound')}</Alert>}
      {data && (
        <ArticleForm article={data.article} draftKey={`stockArticleEdit:${id}`} initial={fromArticle(data.article)} />
      )}
    </Page>
  );
}

function ArticleForm({
  article,
  draftKey,
  initial,
}: {
  article?: Article;
  draftKey: string;
  initial: ArticleFormValues;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [create] = useCreateStockArticleMutation();
  const [update] = useUpdateStockArticleMutation();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ArticleField, ErrorMessage>>>({});
  const savedId = useRef<number | null>(null);
  const form = useFormSubmit<ArticleFormValues>({
    ns: NS,
    initial,
    draftKey,
    validate: (values) => {
      const errors = articleFieldErrors(values);
      setFieldErrors(errors);
      return Object.keys(errors).length ? 'errors.checkFields' : undefined;
    },
    send: async (values) => {
      try {
        const body = toArticleInput(values);
        const saved = article ? await update({ id: article.id, body }).unwrap() : await create(body).unwrap();
        savedId.current = saved.article.id;
        return saved;
      } catch (error) {
        setFieldErrors(serverFieldErrors(error));
        throw error;
      }
    },
    errors: ARTICLE_ERRORS,
    success: 'form.saved',
    after: { ms: 0, run: () => navigate(`/stock/articles/${savedId.current}`) },
  });
  const field = (name: ArticleField & string) => ({
    name,
    value: form.values[name] as string,
    error: fieldErrors[name] && t(fieldErrors[name].key, fieldErrors[name].values),
    onChange: (e: { target: { value: string } }) => form.setField(name, e.target.value),
  });

  return (
    <form onSubmit={form.onSubmit} noValidate className="form">
      <fieldset disabled={form.busy || form.done}>
        <TextField label={t('fields.sku')} maxLength={LIMITS_STOCK.sku} required {...field('sku')} />
        <TextField label={t('fields.name')} maxLength={LIMITS_STOCK.name} required {...field('name')} />
        <SelectField
          label={t('fields.unit')}
          options={UNITS.map((unit) => ({ value: unit, label: t(`unitNames.${unit}`) }))}
          {...field('unit')}
        />
        <TextField
          label={t('fields.minStock')}
          inputMode="decimal"
          hint={t('form.minStockHint')}
          {...field('min_stock')}
        />
        <TextField
          label={t('fields.maxStock')}
          inputMode="decimal"
          hint={t('form.maxStockHint')}
          {...field('max_stock')}
        />
        <TextField
          label={t('fields.barcode')}
          maxLength={LIMITS_STOCK.barcode}
          inputMode="numeric"
          {...field('barcode')}
        />
        <TextField label={t('fields.description')} maxLength={LIMITS_STOCK.description} {...field('description')} />
        <SelectField
          label={t('lots.tracking')}
          hint={t('lots.trackingHint')}
          options={[
            { value: 'none', label: t('lots.trackingNone') },
            { value: 'lot', label: t('lots.trackingLot') },
            { value: 'serial', label: t('lots.trackingSerial') },
          ]}
          {...field('tracking')}
        />
        <label className="stock-check">
          <input
            type="checkbox"
            checked={form.values.expiry === '1'}
            onChange={(e) => form.setField('expiry', e.target.checked ? '1' : '')}
          />{' '}
          {t('lots.expiry')}
        </label>
      </fieldset>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={form.busy || form.done} aria-busy={form.busy}>
          {t('form.save')}
        </button>
        <Link to={article ? `/stock/articles/${article.id}` : '/stock'}>{t('form.cancel')}</Link>
      </div>
    </form>
  );
}
