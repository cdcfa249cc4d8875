import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';

/** Room kept between a popup and the map's edge (px). */
const MARGIN_PX = 8;

/**
 * How far to pan the map (px, MapLibre's panBy: positive x moves the view right, so content moves left) so that a
 * popup rectangle sits inside the map's rectangle with MARGIN_PX to spare; [0, 0] when it already does. A popup
 * larger than the map is aligned on its top-left corner (its close button and price stay visible).
 */
export function panToFit(popup: DOMRect | { left: number; right: number; top: number; bottom: number },
  map: DOMRect | { left: number; right: number; top: number; bottom: number }): [number, number] {
  const axis = (lo: number, hi: number, min: number, max: number) => {
    if (lo - MARGIN_PX < min) return lo - MARGIN_PX - min;
    if (hi + MARGIN_PX > max) return Math.min(hi + MARGIN_PX - max, lo - MARGIN_PX - min);
    return 0;
  };
  return [axis(popup.left, popup.right, map.left, map.right), axis(popup.top, popup.bottom, map.top, map.bottom)];
}

/**
 * Pans the map whenever a popup (a listing's card, a same-point list) opens or grows past the map's edge, so no
 * popup is cut off (issue 9 §1). Watches the map's container for popups and each popup's size.
 */
export function KeepPopupsInView() {
  const { current: ref } = useMap();
  useEffect(() => {
    const map = ref?.getMap();
    if (!map) return;
    const container = map.getContainer();
    let frame = 0;
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const popup = container.querySelector('.maplibregl-popup');
        if (!popup) return;
        const [dx, dy] = panToFit(popup.getBoundingClientRect(), container.getBoundingClientRect());
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1) map.panBy([dx, dy], { duration: 250 });
      });
    };
    const sizes = new ResizeObserver(fit);
    const watched = new Set<Element>();
    const children = new MutationObserver(() => {
      for (const popup of container.querySelectorAll('.maplibregl-popup')) {
        if (!watched.has(popup)) {
          watched.add(popup);
          sizes.observe(popup);
        }
      }
      for (const popup of watched) {
        if (!popup.isConnected) {
          watched.delete(popup);
          sizes.unobserve(popup);
        }
      }
      fit();
    });
    children.observe(container, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      children.disconnect();
      sizes.disconnect();
    };
  }, [ref]);
  return null;
}
