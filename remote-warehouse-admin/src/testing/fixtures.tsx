import type { NamedOption } from '@lager/shared';
import {
  answer,
  HttpResponse,
  type ListIndustriesApiResponse,
  type ListUsagesApiResponse,
} from '@lager/shared/testing';
import type { Warehouse } from '../api/generated';

/** A few industries/usages whose order differs between German and English. */
const industries: NamedOption[] = [
  { id: 1, name: 'gastronomy' },
  { id: 2, name: 'retail' },
  { id: 3, name: 'automotive' },
  { id: 4, name: 'other' },
  { id: 5, name: 'textile' },
];
const usages: NamedOption[] = [
  { id: 1, name: 'private' },
  { id: 2, name: 'business' },
  { id: 3, name: 'other' },
  { id: 4, name: 'rental' },
];

export const optionHandlers = [
  answer.get<ListIndustriesApiResponse>('/api/industries', () => HttpResponse.json(industries)),
  answer.get<ListUsagesApiResponse>('/api/usages', () => HttpResponse.json(usages)),
];

export const warehouse = (id: number, name: string): Warehouse => ({ id, name, industry_id: 1, usage_id: 2 });

/** Options of a select as the user sees them, in order. */
export const optionTexts = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);
