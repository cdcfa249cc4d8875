import type { PropertyType } from '@nj/contracts/catalogue/vocabularies';

type Shape = 'house' | 'building' | 'land' | 'store' | 'factory' | 'office' | 'tree';

/** Which drawing stands for each property type (spec 01 §3 groups: residential, commercial, industrial). */
const SHAPES: Record<PropertyType, Shape> = {
  house: 'house', apartment: 'building', land: 'land', ranch: 'tree', bodega_comercial: 'factory',
  casa_con_uso_de_suelo: 'house', edificio: 'building', huerta: 'tree', local_comercial: 'store',
  local_en_centro_comercial: 'store', oficina: 'office', terreno_comercial: 'land', bodega_industrial: 'factory',
  nave_industrial: 'factory', terreno_industrial: 'land', otro: 'house',
};

const PATHS: Record<Shape, string> = {
  house: 'M3 11 12 4l9 7M5 10v10h14V10M10 20v-6h4v6',
  building: 'M6 21V4h12v17M9 8h2M13 8h2M9 12h2M13 12h2M9 16h2M13 16h2M4 21h16',
  land: 'M3 18 8 9l4 6 3-4 6 7zM6 5h.01M3 21h18',
  store: 'M4 10v10h16V10M3 6l2-3h14l2 3v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM10 20v-5h4v5',
  factory: 'M3 21V11l6 3v-3l6 3V6h5v15zM3 21h18M7 17h2M12 17h2',
  office: 'M5 21V3h14v18M9 7h6M9 11h6M9 15h6M3 21h18',
  tree: 'M12 21v-6M7 15a5 5 0 0 1 1-9 5 5 0 0 1 8 0 5 5 0 0 1 1 9zM4 21h16',
};

/** A line icon of a property type's kind (house, building, land, shop, warehouse, office, orchard). Decorative. */
export function TypeIcon({ type, size = 20 }: { type: PropertyType; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[SHAPES[type] ?? 'house']} />
    </svg>
  );
}
