export default function WarehouseAdminRoutes() {
  return <p>remote-warehouse-admin placeholder</p>;
}
