import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useInViewport } from '@mantine/hooks';

// The map bindings (react-map-gl) come with LocationMap's own chunk, fetched only when the map is drawn (issue 9 §8).
const LocationMap = lazy(() => import('./LocationMap.tsx'));

/**
 * The detail page's map, drawn only once its place on the page scrolls into view (issue 9 §8: the map's bindings,
 * library, style, tiles and WebGL work stay off the first paint of a detail page); until then, and while its code
 * loads, `placeholder` (a static picture of the place). Once drawn it stays. Takes LocationMap's props.
 */
export function LocationMapWhenVisible({ placeholder, ...map }: ComponentProps<typeof LocationMap> & { placeholder: ReactNode }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  return (
    <div ref={ref} className="nj-location-map-slot">
      {seen ? <Suspense fallback={placeholder}><LocationMap {...map} /></Suspense> : placeholder}
    </div>
  );
}
