import { type ErrorMessage, tooLong } from '@lager/shared';
import type { Article, CreateStockArticleApiArg } from '../../api/stock-api';
import { parseQuantity } from '../../lib/format';
import { LIMITS_STOCK, UNITS } from '../../lib/units';

export interface ArticleFormValues extends Record<string, unknown> {
  sku: string;
  name: string;
  unit: string;
  min_stock: string;
  /** Empty: no maximum (reorder suggestions fill up to twice the reorder level). */
  max_stock: string;
  barcode: string;
  description: string;
  /** stock-spec-3 §2: none, lot or serial; `expiry` as '1' or ''. */
  tracking: string;
  expiry: string;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  sku: '',
  name: '',
  unit: 'pcs',
  min_stock: '0',
  max_stock: '',
  barcode: '',
  description: '',
  tracking: 'none',
  expiry: '',
};

export const fromArticle = (article: Article): ArticleFormValues => ({
  sku: article.sku,
  name: article.name,
  unit: article.unit,
  min_stock: String(article.min_stock),
  max_stock: article.max_stock === null ? '' : String(article.max_stock),
  barcode: article.barcode ?? '',
  description: article.description ?? '',
  tracking: article.tracking,
  expiry: article.expiry ? '1' : '',
});

export type ArticleField = keyof ArticleFormValues;

const TEXT_LIMITS = {
  sku: LIMITS_STOCK.sku,
  name: LIMITS_STOCK.name,
  barcode: LIMITS_STOCK.barcode,
  description: LIMITS_STOCK.description,
} as const;

/**
 * The checks the browser can make before sending (the server repeats them all): field → catalogue
 * message. Every text field longer than the API allows says so with the limit.
 */
export function articleFieldErrors(v: ArticleFormValues): Partial<Record<ArticleField, ErrorMessage>> {
  const errors: Partial<Record<ArticleField, ErrorMessage>> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const long = tooLong(v, { [field]: max });
    if (long) errors[field] = long;
  }
  if (!v.sku.trim()) errors.sku = { key: 'errors.required' };
  if (!v.name.trim()) errors.name = { key: 'errors.required' };
  if (!UNITS.includes(v.unit as (typeof UNITS)[number])) errors.unit = { key: 'errors.required' };
  const min = parseQuantity(v.min_stock);
  if (Number.isNaN(min)) errors.min_stock = { key: 'errors.quantityInvalid' };
  const max = v.max_stock.trim() ? parseQuantity(v.max_stock) : null;
  if (max !== null && Number.isNaN(max)) errors.max_stock = { key: 'errors.quantityInvalid' };
  else if (max !== null && !Number.isNaN(min) && max < min) errors.max_stock = { key: 'errors.maxBelowMin' };
  return errors;
}

export const toArticleInput = (v: ArticleFormValues): CreateStockArticleApiArg => ({
  sku: v.sku.trim(),
  name: v.name.trim(),
  unit: v.unit as CreateStockArticleApiArg['unit'],
  min_stock: parseQuantity(v.min_stock),
  max_stock: v.max_stock.trim() ? parseQuantity(v.max_stock) : null,
  barcode: v.barcode.trim() || null,
  description: v.description.trim() || null,
  tracking: v.tracking as CreateStockArticleApiArg['tracking'],
  expiry: v.expiry === '1',
});
