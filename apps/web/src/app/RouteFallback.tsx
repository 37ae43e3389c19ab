import { LoadingRegion, Skeleton } from '../components/Skeleton';

/** Painted while the first page's code arrives: the shape of a page, never a blank screen. */
export function RouteFallback() {
  return (
    <LoadingRegion>
      <div className="route-fallback">
        <Skeleton height="44px" radius="999px" />
        <Skeleton height="320px" radius="16px" />
        <Skeleton height="320px" radius="16px" />
      </div>
    </LoadingRegion>
  );
}
