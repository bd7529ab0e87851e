import { allFilled, LIMITS, type Message, tooLong } from '@lager/shared';
import type { CreateWarehouseApiArg } from '../api/generated';

/** What the new and edit forms send (POST api/admin/warehouse, PUT api/warehouses/edit/:id). */
export type WarehouseInput = CreateWarehouseApiArg;

/** Form state: select values stay strings ('' = nothing chosen) so drafts round-trip through JSON. */
export type WarehouseFormValues = {
  name: string;
  industry_id: string;
  usage_id: string;
};

export const EMPTY_WAREHOUSE_FORM: WarehouseFormValues = { name: '', industry_id: '', usage_id: '' };

/** Spec §5: name, industry and usage are all required; then the API's length limit, on the name. */
export function warehouseFormError(values: WarehouseFormValues): Message | undefined {
  if (!allFilled(values.name, values.industry_id, values.usage_id)) return 'common:errors.fillAllFields';
  return tooLong(values, { name: LIMITS.warehouseNameMax });
}

/** What goes over the wire, once `warehouseFormError` found nothing. */
export function toWarehouseInput(values: WarehouseFormValues): WarehouseInput {
  return { name: values.name.trim(), industry_id: Number(values.industry_id), usage_id: Number(values.usage_id) };
}

export function toFormValues(warehouse: WarehouseInput): WarehouseFormValues {
  return {
    name: warehouse.name,
    industry_id: String(warehouse.industry_id),
    usage_id: String(warehouse.usage_id),
  };
}
