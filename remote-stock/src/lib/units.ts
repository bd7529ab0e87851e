/** The spec's units, in the order the article form offers them. */
export const UNITS = ['pcs', 'box', 'pack', 'pallet', 'kg', 'g', 'l', 'ml', 'm', 'cm', 'm2', 'm3'] as const;

/** Field limits of stock-spec.md "Data" (the server checks them too). */
export const LIMITS_STOCK = { sku: 64, name: 255, barcode: 64, description: 2000, note: 500, reference: 100 } as const;

export const REASONS = {
  in: ['purchase', 'return', 'production', 'initial', 'other'],
  out: ['sale', 'consumption', 'damage', 'return_to_supplier', 'other'],
  correction: ['count', 'damage', 'loss', 'found', 'other'],
} as const;
