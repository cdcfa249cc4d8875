import { Carousel } from '@mantine/carousel';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { CARD_IMAGE_HEIGHT, CARD_WIDTH, PLACEHOLDER_IMAGE } from './card-image.ts';

/**
 * The photo carousel of a property card (spec 01 §2): 4:3 slides of `images` (sorted by order), looping, with arrows
 * and dots when there is more than one; a photo whose index is in `failed` shows our placeholder and `onFailed(i)`
 * reports one that fails to load. Its own module, loaded by PropertyCard once the card is on screen, so Embla is
 * not among the scripts a phone fetches before the first paint (issue 9 §8).
 */
export default function CardCarousel({ images, title, eager, failed, onFailed }: {
  images: TPropertySummary['images']; title: string; eager: boolean; failed: ReadonlySet<number>; onFailed: (i: number) => void;
}) {
  return (
    <Carousel
      withIndicators={images.length > 1}
      withControls={images.length > 1}
      emblaOptions={{ loop: true }}
      className="nj-card-carousel"
      controlSize={28}
      previousControlProps={{ 'aria-label': D.previousPhoto }}
      nextControlProps={{ 'aria-label': D.nextPhoto }}
    >
      {images.map((img, i) => (
        <Carousel.Slide key={img.name}>
          <img
            src={failed.has(i) ? PLACEHOLDER_IMAGE : img.url.card}
            alt={P.photoOf(title, i + 1)}
            className="nj-card-img"
            loading={eager && i === 0 ? 'eager' : 'lazy'}
            width={CARD_WIDTH}
            height={CARD_IMAGE_HEIGHT}
            onError={() => onFailed(i)}
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
