import { Navigate, Route, Routes } from 'react-router-dom';
import '../i18n';
import '../purchasing.css';
import { NewOrderPage } from '../features/orders/NewOrderPage';
import { OrderPage } from '../features/orders/OrderPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { ArticleSuppliersPage } from '../features/prices/ArticleSuppliersPage';
import { ReceivePage } from '../features/receive/ReceivePage';
import { FromReorderPage } from '../features/reorder/FromReorderPage';
import { SuppliersPage } from '../features/suppliers/SuppliersPage';

/** The section's pages, mounted by the shell at /purchasing/* (section.json; view_purchasing). */
export default function PurchasingRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path="orders/new" element={<NewOrderPage />} />
      <Route path="orders/:id" element={<OrderPage />} />
      <Route path="receive" element={<ReceivePage />} />
      <Route path="receive/:id" element={<ReceivePage />} />
      <Route path="suppliers" element={<SuppliersPage />} />
      <Route path="articles/:id" element={<ArticleSuppliersPage />} />
      <Route path="from-reorder" element={<FromReorderPage />} />
      <Route path="*" element={<Navigate to="/purchasing" replace />} />
    </Routes>
  );
}
