import type { Article, CreateStockArticleApiArg } from '../../api/stock-api';
import { parseQuantity } from '../../lib/format';
import { LIMITS_STOCK, UNITS } from '../../lib/units';

export interface ArticleFormValues extends Record<string, unknown> {
  sku: string;
  name: string;
  unit: string;
  min_stock: string;
  barcode: string;
  description: string;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  sku: '',
  name: '',
  unit: 'pcs',
  min_stock: '0',
  barcode: '',
  description: '',
};

export const fromArticle = (article: Article): ArticleFormValues => ({
  sku: article.sku,
  name: article.name,
  unit: article.unit,
  min_stock: String(article.min_stock),
  barcode: article.barcode ?? '',
  description: article.description ?? '',
});

export type ArticleField = keyof ArticleFormValues;

/** The checks the browser can make before sending (the server repeats them all): field → catalogue key. */
export function articleFieldErrors(v: ArticleFormValues): Partial<Record<ArticleField, string>> {
  const errors: Partial<Record<ArticleField, string>> = {};
  if (!v.sku.trim()) errors.sku = 'errors.required';
  else if (v.sku.trim().length > LIMITS_STOCK.sku) errors.sku = 'errors.tooLong';
  if (!v.name.trim()) errors.name = 'errors.required';
  if (!UNITS.includes(v.unit as (typeof UNITS)[number])) errors.unit = 'errors.required';
  const min = parseQuantity(v.min_stock);
  if (Number.isNaN(min)) errors.min_stock = 'errors.quantityInvalid';
  return errors;
}

export const toArticleInput = (v: ArticleFormValues): CreateStockArticleApiArg => ({
  sku: v.sku.trim(),
  name: v.name.trim(),
  unit: v.unit as CreateStockArticleApiArg['unit'],
  min_stock: parseQuantity(v.min_stock),
  barcode: v.barcode.trim() || null,
  description: v.description.trim() || null,
});
