import { useState } from 'react';
import { Carousel } from '@mantine/carousel';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import type { TPropertySummary } from '@nj/contracts/search/schemas';
import { CarouselStatus, carouselA11yProps, slideA11yProps } from './carousel-a11y.tsx';
import { CARD_IMAGE_HEIGHT, CARD_WIDTH, PLACEHOLDER_IMAGE } from './card-image.ts';

/**
 * The photo carousel of a property card (spec 01 §2): 4:3 slides of `images` (sorted by order), looping, with arrows
 * and dots when there is more than one, its screen-reader texts in Spanish ('Foto 1 de 3'); a photo whose index is in `failed` shows our placeholder and `onFailed(i)`
 * reports one that fails to load. Its own module, loaded by PropertyCard once the card is on screen, so Embla is
 * not among the scripts a phone fetches before the first paint (issue 9 §8).
 */
export default function CardCarousel({ images, title, eager, failed, onFailed }: {
  images: TPropertySummary['images']; title: string; eager: boolean; failed: ReadonlySet<number>; onFailed: (i: number) => void;
}) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <Carousel
        withIndicators={images.length > 1}
        withControls={images.length > 1}
        emblaOptions={{ loop: true }}
        className="nj-card-carousel nj-carousel"
        controlSize={28}
        onSlideChange={setIndex}
        {...carouselA11yProps()}
      >
        {images.map((img, i) => (
          <Carousel.Slide key={img.name} {...slideA11yProps(i, images.length)}>
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
      <CarouselStatus index={index} total={images.length} />
    </>
  );
}
