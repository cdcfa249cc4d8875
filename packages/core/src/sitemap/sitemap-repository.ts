import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';

/** Localities (other than municipalities) smaller than this (inhabitants) get no place page in the sitemap. */
const MIN_LOCALITY_POPULATION = 20_000;

/**
 * What sitemap.xml reads (issue 2 §5): active listings and the place pages worth indexing (issue 9: a colonia's,
 * state's, municipality's or town's when the area its page searches has listings). The SQL lives in
 * propertiesRepository (issue 8 §3); this keeps the sitemap's names for the web app's loader.
 */
export const sitemapRepository = {
  /** Number of active listings. */
  countActiveListings: (database: Database): Promise<number> => propertiesRepository.countActive(database),

  /** The puid of the `offset`-th active listing in puid order (0-based), to start a sitemap part from; null past the end. */
  puidAtOffset: (database: Database, offset: number): Promise<string | null> =>
    propertiesRepository.activePuidAtOffset(database, offset),

  /** Up to `take` active listings after puid `after` (exclusive; null = from the start), in puid order (keyset). */
  activeListingsAfter: (database: Database, after: string | null, take: number) =>
    propertiesRepository.activeAfter(database, after, take),

  /**
   * The colonias whose page shows listings (issue 9): each slug with `rent` when an active listing for rent lies in
   * its area and `sale` when one for sale does, the area being the one its page searches
   * (propertiesRepository.coloniaPagesWithListings). In slug order.
   */
  coloniaPages: (database: Database) => propertiesRepository.coloniaPagesWithListings(database),

  /**
   * The pages of states, municipalities and localities of 20,000+ inhabitants that show listings (issue 9 §3,
   * decision 015): each place slug with each property type found in the area its page searches, `rent` when an active
   * listing of that type for rent lies there and `sale` when one for sale does
   * (propertiesRepository.placePagesWithListings). In slug and type order.
   */
  placePages: (database: Database) => propertiesRepository.placePagesWithListings(database, MIN_LOCALITY_POPULATION),
};
