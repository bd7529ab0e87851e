import '../stock.css';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ArticleDetailPage } from '../features/articles/ArticleDetailPage';
import { EditArticlePage, NewArticlePage } from '../features/articles/ArticleFormPage';
import { ArticleListPage } from '../features/articles/ArticleListPage';
import { QuickBookPage } from '../features/book/QuickBookPage';
import { StocktakePage } from '../features/count/StocktakePage';
import { ImportPage } from '../features/import/ImportPage';
import { MovementsPage } from '../features/movements/MovementsPage';
import '../i18n';

/**
 * The section's pages, mounted by the shell at /stock/* (section.json). Which user may open which
 * page is declared there too (the shell's guard); the pages hide the actions a user may not take.
 */
export default function StockRoutes() {
  return (
    <Routes>
      <Route index element={<ArticleListPage />} />
      <Route path="articles/new" element={<NewArticlePage />} />
      <Route path="articles/:id" element={<ArticleDetailPage />} />
      <Route path="articles/:id/edit" element={<EditArticlePage />} />
      <Route path="book" element={<QuickBookPage />} />
      <Route path="count" element={<StocktakePage />} />
      <Route path="movements" element={<MovementsPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
