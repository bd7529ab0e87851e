import '../stock.css';
import { ChunkBoundary, ChunkFailed, Loading, lazyRetry, Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ArticleListPage } from '../features/articles/ArticleListPage';
import { StockNav } from '../features/nav';
import { NS } from '../i18n';

// The list (/stock, the header link's and the card's target) comes with the section; every
// other page is fetched when first opened, so a first load of /stock carries only the list. A page
// whose code cannot be fetched (offline) shows a note in its place, never the section's card, and
// loads when the browser is back online or at the next navigation (ChunkBoundary).
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazyRetry(() => load().then((module) => ({ default: module[name] })));
const ArticleDetailPage = page(() => import('../features/articles/ArticleDetailPage'), 'ArticleDetailPage');
const NewArticlePage = page(() => import('../features/articles/ArticleFormPage'), 'NewArticlePage');
const EditArticlePage = page(() => import('../features/articles/ArticleFormPage'), 'EditArticlePage');
const QuickBookPage = page(() => import('../features/book/QuickBookPage'), 'QuickBookPage');
const StocktakePage = page(() => import('../features/count/StocktakePage'), 'StocktakePage');
const MovementsPage = page(() => import('../features/movements/MovementsPage'), 'MovementsPage');
const ReorderPage = page(() => import('../features/reorder/ReorderPage'), 'ReorderPage');
const CountSessionsPage = page(() => import('../features/count-sessions/CountSessionsPage'), 'CountSessionsPage');
const CountSessionPage = page(() => import('../features/count-sessions/CountSessionPage'), 'CountSessionPage');
const CountReviewPage = page(() => import('../features/count-sessions/ReviewPage'), 'ReviewPage');
const ValuePage = page(() => import('../features/value/ValuePage'), 'ValuePage');
const ExpiryPage = page(() => import('../features/lots/ExpiryPage'), 'ExpiryPage');
const TracePage = page(() => import('../features/lots/TracePage'), 'TracePage');
const ImportPage = page(() => import('../features/import/ImportPage'), 'ImportPage');
const LocationsPage = page(() => import('../features/locations/pages'), 'LocationsRoute');
const LocationPage = page(() => import('../features/locations/pages'), 'LocationRoute');

/**
 * The section's pages, mounted by the shell at /stock/* (section.json). Which user may open which
 * page is declared there too (the shell's guard); the pages hide the actions a user may not take.
 */
export default function StockRoutes() {
  return (
    <ChunkBoundary fallback={<Loading />} failed={(retry) => <PageChunkFailed onRetry={retry} />}>
      <Routes>
        <Route index element={<ArticleListPage />} />
        <Route path="articles/new" element={<NewArticlePage />} />
        <Route path="articles/:id" element={<ArticleDetailPage />} />
        <Route path="articles/:id/edit" element={<EditArticlePage />} />
        <Route path="book" element={<QuickBookPage />} />
        <Route path="count" element={<StocktakePage />} />
        <Route path="count-sessions" element={<CountSessionsPage />} />
        <Route path="count-sessions/:id" element={<CountSessionPage />} />
        <Route path="count-sessions/:id/review" element={<CountReviewPage />} />
        <Route path="movements" element={<MovementsPage />} />
        <Route path="reorder" element={<ReorderPage />} />
        <Route path="value" element={<ValuePage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="expiry" element={<ExpiryPage />} />
        <Route path="trace" element={<TracePage />} />
        <Route path="locations" element={<LocationsPage />} />
        <Route path="locations/:id" element={<LocationPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ChunkBoundary>
  );
}

/** A page whose code did not arrive: the section's title and links stay, the note stands in for the page. */
function PageChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Page title={t('title')}>
      <StockNav />
      <ChunkFailed onRetry={onRetry} />
    </Page>
  );
}
