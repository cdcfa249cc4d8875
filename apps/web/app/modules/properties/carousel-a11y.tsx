import { VisuallyHidden } from '@mantine/core';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';

/**
 * The Spanish accessibility texts of a photo carousel (Mantine's Carousel says them in English: 'carousel',
 * 'Previous slide', 'Next slide', 'Go to slide n'). Takes nothing; returns props to spread on `<Carousel>`
 * (with the class `nj-carousel`, whose CSS hides Mantine's own English live region 'Slide n of N': Mantine 9.7 has
 * no prop for that text, so `CarouselStatus` announces it in Spanish instead), and names its dots 'Fotos'.
 */
export function carouselA11yProps() {
  return {
    'aria-roledescription': D.carouselRole,
    previousControlProps: { 'aria-label': D.previousPhoto },
    nextControlProps: { 'aria-label': D.nextPhoto },
    getIndicatorProps: (i: number) => ({ 'aria-label': D.goToPhoto(i + 1) }),
    ref: nameIndicators,
  };
}

/**
 * Names the carousel's dot list in Spanish once it is in the page: Mantine 9.7 writes `aria-label="Slides"` on it
 * after every prop it takes, so no prop can; React never writes that constant again, so the name stays.
 */
function nameIndicators(root: HTMLDivElement | null): void {
  root?.querySelector(':scope > [role="tablist"]')?.setAttribute('aria-label', D.photoDots);
}

/**
 * Props for photo `i` (0-based) of `total` on `<Carousel.Slide>`: roledescription 'foto' and the label
 * 'Foto i+1 de total' (in place of Mantine's 'slide' / 'Carousel slide').
 */
export function slideA11yProps(i: number, total: number) {
  return { 'aria-roledescription': D.slideRole, 'aria-label': D.photoCountLabel(i + 1, total) };
}

/**
 * The carousel's polite live region in Spanish: 'Foto index+1 de total' (index 0-based, as Mantine's onSlideChange
 * gives it); empty when there is no photo. Rendered next to the `<Carousel>` (its children are Embla's slides).
 */
export function CarouselStatus({ index, total }: { index: number; total: number }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="carousel-status">
      {total > 0 ? D.photoCountLabel(index + 1, total) : ''}
    </VisuallyHidden>
  );
}
