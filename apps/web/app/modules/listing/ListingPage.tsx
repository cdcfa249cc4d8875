import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import './listing-layout.css';
import { Alert, Button, Loader, Text, Title, CloseButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Popup, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { DEFAULT_BOUNDS, MOBILE_MAX_WIDTH_PX, SCROLL_MORE_PX, TIMINGS } from '@nj/contracts/search/constants';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { SEARCH_MESSAGES as S } from '@nj/contracts/search/messages';
import { COMMON_MESSAGES } from '@nj/contracts/common/messages';
import type { TCluster, TPropertyDetail, TSearchResult } from '@nj/contracts/search/schemas';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { NavBar } from '../layout/NavBar.tsx';
import { DirectoryButton } from '../sites/DirectoryPanel.tsx';
import { useSite } from '../sites/use-site.ts';
import { siteTitle } from '../seo/meta.ts';
import { SearchBar } from '../search/SearchBar.tsx';
import { boundsForPlace } from '../search/place-bounds.ts';
import { PropertyCard } from '../properties/PropertyCard.tsx';
import { useAppearances } from '../stats/useViewCounting.ts';
import { formatNumber } from '../properties/format.ts';
import { SearchMap } from '../map/SearchMap.tsx';
import { MapAdSlot } from '../ads/MapAdSlot.tsx';
import { api, ApiError } from '../api/client.ts';
import { Breadcrumbs } from '../seo/Breadcrumbs.tsx';
import { placeTrail } from '../seo/place-trail.ts';
import { FiltersBar, countActive } from './FiltersBar.tsx';
import { listingSearchParams, resetFilters, type Bounds, type ListingFilters } from './filters.ts';
import { listingPlace, type ListingPlace } from './listing-place.ts';
import { PlaceOutline } from '../map/PlaceOutline.tsx';
import { DrawAreaTool } from '../map/DrawAreaTool.tsx';
import { searchHeading } from './segment.ts';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton.tsx';
import { createGuard, needsReload } from './reload.ts';
import { useListingSearch, type SearchArea } from './useListingSearch.ts';
import type { TMarketFigures } from '@nj/contracts/market/schemas';
import { MarketFigures } from '../market/MarketFigures.tsx';

export type ListingPageData = {
  filters: ListingFilters;
  area: SearchArea;
  /** The server-rendered first page and its query key; null when the server search failed. */
  initial: { key: string; result: TSearchResult } | null;
  /** What the server-rendered list shows, in words ('Departamentos en renta en Guadalajara, Jalisco'). */
  heading: string;
  /** The place the page's address names (a place path, or /propiedades?place=…), or null. */
  place: ListingPlace | null;
  /** The page's path ('/departamentos-en-renta-en-guadalajara'). */
  path: string;
  mapStyleUrl: string;
  /** Issue 17: the place's market figures (a colonia or municipality with snapshots), else absent or null. */
  market?: TMarketFigures | null;
};

/** The message of a failed search (issue 9 §5): the spec's connection text when offline or on a server error. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return COMMON_MESSAGES.connection;
}

function toBox(b: Bounds): [number, number, number, number] {
  return [b.west, b.south, b.east, b.north];
}

function mapView(e: { target: { getBounds(): { getNorth(): number; getSouth(): number; getEast(): number; getWest(): number }; getZoom(): number } }) {
  const b = e.target.getBounds();
  return { bounds: { north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() }, zoom: e.target.getZoom() };
}

/**
 * The map listing (spec 01 §2 /propiedades, §4): filters bar, card list ('Resultados') and map side by side; at
 * ≤ 767 px one of the two at a time with a Lista/Mapa button (issue 9 §1, §5). The heading, the document title,
 * the breadcrumbs (Estado › Ciudad › Colonia) and the search box say the current search: type, operation and the
 * chosen place (issue 9 §3). While a place is chosen (the page's own, or one picked in the search box) every search
 * is narrowed to it, also after panning or zooming, and the map draws its outline; emptying the search box drops it
 * (issue 9 §2–§3). Filters and bounds are mirrored into the address 500 ms
 * after a change (replace, no new history entry); moving the map past the inner quarter of the loaded bounds
 * reloads; the list loads more within 50 px of its end, at most once every 2 s. A failed search keeps the last
 * results, marked stale, under the spec's message and a retry button; no results offer 'Limpiar filtros'.
 */
export function ListingPage({ data }: { data: ListingPageData }) {
  const [filters, setFilters] = useState<ListingFilters>(data.filters);
  const [area, setArea] = useState<SearchArea>(data.area);
  const [view, setView] = useState<SearchArea>(data.area);
  const [selected, setSelected] = useState<TCluster | null>(null);
  const [hoveredUid, setHoveredUid] = useState<string | null>(null);
  const mapRef = useRef<MapRef>(null);
  const listRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`) ?? false;
  const [place, setPlace] = useState<ListingPlace | null>(data.place);
  const [mobileView, setMobileView] = useState<'list' | 'map'>('list');

  // Reset when the route's data changes (another place or category page).
  useEffect(() => {
    setFilters(data.filters);
    setArea(data.area);
    setView(data.area);
    setSelected(null);
    setPlace(data.place);
  }, [data]);

  // The chosen place filters every search (issue 9 §2–§3), so the heading names it wherever the map is.
  const shownPlace = place;
  const single = filters.propertyTypes.length === 1 ? filters.propertyTypes[0]! : null;
  const heading = searchHeading({ types: filters.propertyTypes, opType: filters.opType, place: shownPlace?.heading ?? null });
  const crumbs = shownPlace
    ? placeTrail({ state: shownPlace.state, city: shownPlace.city, colonia: shownPlace.colonia, type: single, opType: filters.opType, current: true })
    : [];
  // On a branded site the title keeps the site's page name (issue 15; siteTitle as the route's meta).
  const site = useSite();
  const title = siteTitle(heading, site ? (site.custom_page_name || site.name) : null);
  useEffect(() => {
    if (document.title !== title) document.title = title;
  }, [title]);


  const search = useListingSearch(filters, area, place?.slug ?? null, data.initial);
  // Appearances (spec 01 §7 POST /v2/properties/appear): the cards in the list and the single-listing pins on the map.
  useAppearances([...search.properties.map((p) => p.uid), ...search.clusters.flatMap((c) => (c.count === 1 && c.uid ? [c.uid] : []))]);

  // Mirror filters and map into the address ~500 ms after a change, without a new history entry.
  useEffect(() => {
    const t = setTimeout(() => {
      // The place chosen in the search box or named by ?place=, unless the path itself names it (a place page).
      // (The browser's path, not the loader's: a client navigation's loader sees /propiedades.data.)
      const pathNamesIt = data.place !== null && window.location.pathname !== '/propiedades' && shownPlace?.slug === data.place.slug;
      const named = shownPlace && !pathNamesIt ? shownPlace.slug : null;
      const qs = listingSearchParams(filters, view.bounds, view.zoom, named).toString();
      // A place path whose place was emptied from the search box no longer names what is listed: /propiedades with
      // the filters (the path's type and operation included) does, so a reload shows the same list.
      const path = data.place !== null && !shownPlace && window.location.pathname !== '/propiedades' ? '/propiedades' : window.location.pathname;
      const next = `${path}${qs ? `?${qs}` : ''}`;
      if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', next);
    }, TIMINGS.addressWriteDelayMs);
    return () => clearTimeout(t);
  }, [filters, view, shownPlace, data.place]);

  // Adopt a new camera; reload only when it moved past the inner quarter of what is loaded or changed zoom. A first
  // area without a zoom (server-rendered for a default width) is replaced by the map's real one once.
  const adoptView = useCallback((next: { bounds: Bounds; zoom: number }) => {
    setView(next);
    setArea((loaded) =>
      loaded.bounds && loaded.zoom !== null && !needsReload(loaded.bounds, loaded.zoom, next.bounds, next.zoom) ? loaded : next,
    );
  }, []);

  // A map hidden on a phone (list shown) has no size: its bounds say nothing about what the person sees.
  const onMoveEnd = useCallback((e: ViewStateChangeEvent) => {
    if (mapRef.current?.getContainer().clientWidth) adoptView(mapView(e));
  }, [adoptView]);

  const onMapLoad = useCallback(() => {
    const map = mapRef.current;
    if (!map || !map.getContainer().clientWidth) return;
    const b = map.getBounds();
    adoptView({ bounds: { north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() }, zoom: map.getZoom() });
  }, [adoptView]);

  // The map was hidden (display: none) on a phone: give it its size back when it shows, then list what it shows.
  useEffect(() => {
    if (mobileView === 'map' && mapRef.current) {
      mapRef.current.resize();
      onMapLoad();
    }
  }, [mobileView, onMapLoad]);

  const onFilters = useCallback((next: ListingFilters) => {
    setFilters(next);
    setSelected(null);
    listRef.current?.scrollTo({ top: 0 });
  }, []);

  const onPlace = useCallback((chosen: TPlaceSuggestion) => {
    const b = boundsForPlace(chosen);
    setPlace(listingPlace(chosen));
    setMobileView('list');
    // The first search after choosing covers the whole place (its bounds), not the old view narrowed to the new place:
    // the count shown at once is the one that stays once the map has flown there (it shows the whole place).
    setArea({ bounds: b, zoom: chosen.zoom });
    if (mapRef.current && mapRef.current.getContainer().clientWidth > 0) {
      mapRef.current.fitBounds(toBox(b), { duration: 800, maxZoom: chosen.zoom });
    } else {
      setView({ bounds: b, zoom: chosen.zoom });
    }
  }, []);

  // Emptying the search box drops the place: the list again holds everything the map shows.
  const onClearPlace = useCallback(() => setPlace(null), []);

  const onPin = useCallback((c: TCluster) => {
    setSelected(c);
    const el = document.getElementById(`card-${c.uid}`);
    if (el && !isMobile) el.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [isMobile]);

  // Infinite scroll: within 50 px of the end of the list, with a 2 s guard against repeats.
  const guard = useMemo(() => createGuard(TIMINGS.scrollMoreGuardMs), []);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage && guard()) void fetchNextPage();
      },
      { root: isMobile ? null : listRef.current, rootMargin: `0px 0px ${SCROLL_MORE_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, guard, isMobile, search.properties.length]);

  const selectedInList = selected?.uid ? search.properties.find((p) => p.uid === selected.uid) : undefined;
  const selectedDetail = useQuery({
    queryKey: ['property', selected?.uid],
    enabled: !!selected?.uid && !selectedInList,
    queryFn: ({ signal }) => api<TPropertyDetail>('GET', `/v1/properties/${selected!.uid}`, { signal }),
    staleTime: 60_000,
  });
  const popupProperty = selectedInList ?? selectedDetail.data;
  // A shared address with bounds and zoom reopens the same camera (centre and zoom); otherwise fit the bounds.
  const initialView = data.area.bounds && data.area.zoom !== null
    ? {
      latitude: (data.area.bounds.north + data.area.bounds.south) / 2,
      longitude: (data.area.bounds.east + data.area.bounds.west) / 2,
      zoom: data.area.zoom,
    }
    : { bounds: toBox(data.area.bounds ?? DEFAULT_BOUNDS) };
  const highlighted = selected?.uid ?? hoveredUid;

  const failed = search.error !== null;
  const activeFilters = countActive(filters);
  return (
    <div className="nj-listing-page" data-mobile-view={mobileView}>
      {/* The first stop of the keyboard: past the navigation and the filters, straight to the cards (issue 9 §7). */}
      <a href="#resultados" className="nj-skip-link">{F.skipToResults}</a>
      <NavBar variant="properties" search={<SearchBar mode="standard" onPlace={onPlace} onClear={onClearPlace} text={shownPlace?.label ?? ''} />} />
      <FiltersBar filters={filters} onChange={onFilters} total={search.isLoading ? undefined : formatNumber(search.total)} />
      <main className="nj-listing-body">
        <section id="resultados" tabIndex={-1} className="nj-results" aria-label={F.results} ref={listRef} aria-busy={search.isFetching}>
          <header className="nj-results-header">
            <Breadcrumbs crumbs={crumbs} currentPath={data.path} />
            <Title order={1} fz={{ base: 18, sm: 20 }}>{heading}</Title>
            <Text size="sm" c="dimmed" data-testid="results-total" aria-live="polite">
              {search.isLoading ? F.loading : F.total(formatNumber(search.total))}
              {search.isFetching && !search.isLoading && !search.isFetchingNextPage ? <Loader size={12} ml={8} /> : null}
            </Text>
            <DirectoryButton />
            {/* Saved searches and their alerts belong to the product's own site: a branded site's session may not use
                them (its API allow-list, decision 031), like the chat and favourites hidden there (spec 01 §2). */}
            {site ? null : <SaveSearchButton defaultName={heading} place={shownPlace?.slug ?? null} />}
          </header>
          {failed ? (
            <Alert color="red" variant="light" mb="md" title={search.hadResults ? S.updateError : S.fetchError} role="alert"
              styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
              <Text size="sm">{failureText(search.error)}</Text>
              {search.hadResults ? <Text size="sm" mt={4}>{F.staleResults}</Text> : null}
              <Button size="xs" mt="sm" color="red.9" onClick={() => void search.retry()} loading={search.isFetching}>
                {F.retry}
              </Button>
            </Alert>
          ) : null}
          {!failed && !search.isLoading && search.total === 0 ? (
            <div className="nj-empty" role="status">
              <Text>{S.noResults}</Text>
              {activeFilters > 0 ? (
                <Button mt="md" variant="light" onClick={() => onFilters(resetFilters(filters))}>{F.reset}</Button>
              ) : null}
            </div>
          ) : null}
          <div className="nj-card-grid" data-stale={search.isPlaceholderData || failed || undefined}>
            {search.properties.map((p, i) => (
              <PropertyCard
                key={p.uid} property={p} highlighted={p.uid === highlighted} onHover={setHoveredUid} eager={i === 0}
              />
            ))}
          </div>
          <div ref={sentinelRef} className="nj-sentinel" aria-hidden="true" />
          {search.isFetchingNextPage ? (
            <Text size="sm" c="dimmed" ta="center" py="md">{F.loadingMore}</Text>
          ) : !search.hasNextPage && search.properties.length > 0 && !failed ? (
            <Text size="sm" c="dimmed" ta="center" py="md">{F.endOfList}</Text>
          ) : null}
          {data.market ? <MarketFigures figures={data.market} /> : null}
        </section>
        {/* A branded site without a map (has_map false, decision 030) shows the list alone. */}
        {site && !site.has_map ? null : <div className="nj-map-pane">
          <SearchMap
            ref={mapRef}
            styleUrl={data.mapStyleUrl}
            initialView={initialView}
            clusters={search.clusters}
            selectedUid={selected?.uid ?? hoveredUid}
            onMoveEnd={onMoveEnd}
            onLoad={onMapLoad}
            onPin={onPin}
          >
            {place ? <PlaceOutline slug={place.slug} /> : null}
            {/* Issue 17: draw the area / 'cerca de…'; the area is part of the filters (address, search, count). */}
            <DrawAreaTool area={filters.area} onChange={(next) => onFilters({ ...filters, area: next })} />
            {selected && popupProperty ? (
              <Popup
                latitude={selected.lat}
                longitude={selected.lng}
                offset={30}
                closeButton={false}
                closeOnClick={false}
                maxWidth="330px"
                className="nj-map-popup"
                onClose={() => setSelected(null)}
              >
                <div className="nj-popup-inner">
                  <CloseButton size="sm" className="nj-popup-close" aria-label="Cerrar" onClick={() => setSelected(null)} />
                  <PropertyCard property={popupProperty} highlighted withAnchor={false} />
                </div>
              </Popup>
            ) : null}
          </SearchMap>
          <MapAdSlot bounds={view.bounds} zoom={view.zoom} />
        </div>}
      </main>
      {site && !site.has_map ? null : <Button
        className="nj-view-toggle"
        radius="xl"
        size="md"
        color="dark"
        onClick={() => setMobileView((v) => (v === 'list' ? 'map' : 'list'))}
      >
        {mobileView === 'list' ? F.showMap : F.showList}
      </Button>}
    </div>
  );
}
