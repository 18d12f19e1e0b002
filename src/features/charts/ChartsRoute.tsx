import { PageLoading } from '@src/ui/PageLoading';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

/*
 * The charts explorer's entry (src/app/routes.tsx): a small chunk that loads the explorer itself. The
 * explorer imports every machine of the registry; loaded from here, the list of the chunks it needs is in
 * this chunk, not in the app's first download.
 */
const ChartsIndexView = lazy(() => import('./ChartsIndexView'));
const ChartView = lazy(() => import('./ChartView'));

export default function ChartsRoute() {
  const { id } = useParams();
  return (
    <Suspense fallback={<PageLoading />}>{id === undefined ? <ChartsIndexView /> : <ChartView />}</Suspense>
  );
}
