export interface User {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  current_warehouse_id: number | null;
}

export interface Warehouse {
  id: number;
  name: string;
  industry_id: number;
  usage_id: number;
}

/** `user_role`: "owner", a role name, or null (member without role). */
export interface MyWarehouse extends Warehouse {
  user_role: string | null;
}

export interface NamedOption {
  id: number;
  /** A translation key (e.g. `gastronomy`). */
  name: string;
}

export interface MessageResponse {
  message: string;
}

export interface WarehouseMember {
  id: number;
  name: string;
  email: string;
  pivot: { role_id: number | null };
}
