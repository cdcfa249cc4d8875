import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal, Text } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import type { EmblaCarouselType } from 'embla-carousel';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPropertyDetail } from '@nj/contracts/search/schemas';
import { PLACEHOLDER_IMAGE } from './card-image.ts';
import { LocationPicture } from './LocationPicture.tsx';
import { CarouselStatus, carouselA11yProps, slideA11yProps } from './carousel-a11y.tsx';
import './detail.css';

type Photo = TPropertyDetail['images'][number];

/** Photo `i` of `photos`, or the placeholder once it failed to load. */
function photoSrc(photos: Photo[], failed: Set<number>, i: number, size: 'full' | 'card'): string {
  return failed.has(i) ? PLACEHOLDER_IMAGE : photos[i]!.url[size];
}

const ExpandIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"
    strokeLinejoin="round" aria-hidden="true" focusable="false"><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></svg>
);

/**
 * The full-screen photo viewer (issue 9 §4): Mantine's Modal (focus kept inside, Escape and the named close button
 * close it and return focus to the control that opened it) around Mantine's Carousel (Embla: swipe and drag), with
 * the arrow keys moving between photos wherever the focus is inside it, and the count 'n / total'.
 */
function PhotoViewer({ photos, title, opened, start, failed, onFail, onClose }: {
  photos: Photo[]; title: string; opened: boolean; start: number; failed: Set<number>;
  onFail: (i: number) => void; onClose: (index: number) => void;
}) {
  const [index, setIndex] = useState(start);
  const embla = useRef<EmblaCarouselType | null>(null);
  useEffect(() => { if (opened) setIndex(start); }, [opened, start]);
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') { e.preventDefault(); embla.current?.scrollNext(); }
      if (e.key === 'ArrowLeft') { e.preventDefault(); embla.current?.scrollPrev(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened]);
  const many = photos.length > 1;
  return (
    <Modal
      opened={opened}
      onClose={() => onClose(index)}
      fullScreen
      title={D.viewerTitle(title)}
      closeButtonProps={{ 'aria-label': D.closeViewer }}
      classNames={{ content: 'nj-viewer', header: 'nj-viewer-header', body: 'nj-viewer-body', title: 'nj-viewer-title' }}
      transitionProps={{ duration: 0 }}
    >
      <Carousel
        aria-label={D.viewerTitle(title)}
        className="nj-viewer-carousel nj-carousel"
        initialSlide={start}
        withControls={many}
        withIndicators={false}
        withKeyboardEvents={false}
        emblaOptions={{ loop: many }}
        getEmblaApi={(api) => { embla.current = api; }}
        onSlideChange={setIndex}
        controlSize={44}
        {...carouselA11yProps()}
      >
        {photos.map((img, i) => (
          <Carousel.Slide key={img.name} className="nj-viewer-slide" {...slideA11yProps(i, photos.length)}>
            <img src={photoSrc(photos, failed, i, 'full')} alt={P.photoOf(title, i + 1)} className="nj-viewer-img"
              loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'} onError={() => onFail(i)} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <div className="nj-viewer-footer">
        <Text component="p" fw={700} className="nj-viewer-count" aria-live="polite" data-testid="viewer-count">
          <span aria-hidden="true">{D.photoCount(index + 1, photos.length)}</span>
          <span className="nj-visually-hidden">{D.photoCountLabel(index + 1, photos.length)}</span>
        </Text>
        <Text size="sm" className="nj-viewer-hint">{D.viewerHint}</Text>
      </div>
    </Modal>
  );
}

/**
 * The detail page's gallery (issue 9 §4): the photos in a swipeable carousel with their count ('1 / 12'), a button
 * that opens the full-screen viewer at the photo shown (a click on the photo does too), and, for a listing without
 * photos, the picture of its location with the type's icon.
 */
export function PhotoGallery({ property: p }: { property: TPropertyDetail }) {
  const photos = [...p.images].sort((a, b) => a.order - b.order);
  const [failed, setFailed] = useState<Set<number>>(() => new Set());
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState<{ opened: boolean; start: number }>({ opened: false, start: 0 });
  const embla = useRef<EmblaCarouselType | null>(null);
  const onFail = useCallback((i: number) => setFailed((s) => (s.has(i) ? s : new Set(s).add(i))), []);
  if (photos.length === 0) return <LocationPicture property={p} className="nj-detail-img" eager />;
  const many = photos.length > 1;
  const open = (start: number) => setViewer({ opened: true, start });
  return (
    <div className="nj-gallery">
      <Carousel
        aria-label={D.viewerTitle(p.title)}
        withIndicators={false}
        withControls={many}
        emblaOptions={{ loop: many }}
        className="nj-detail-carousel nj-carousel"
        getEmblaApi={(api) => { embla.current = api; }}
        onSlideChange={setIndex}
        {...carouselA11yProps()}
      >
        {photos.map((img, i) => (
          <Carousel.Slide key={img.name} {...slideA11yProps(i, photos.length)}>
            <img
              src={photoSrc(photos, failed, i, 'full')}
              alt={P.photoOf(p.title, i + 1)}
              className="nj-detail-img nj-gallery-img"
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              onError={() => onFail(i)}
              onClick={() => open(i)}
            />
          </Carousel.Slide>
        ))}
      </Carousel>
      <CarouselStatus index={index} total={photos.length} />
      <button type="button" className="nj-gallery-open" onClick={() => open(index)} aria-haspopup="dialog" data-testid="gallery-open">
        <ExpandIcon />
        <span className="nj-visually-hidden">{`${D.openViewer(photos.length)}, `}</span>
        <span data-testid="gallery-count">{D.photoCount(index + 1, photos.length)}</span>
      </button>
      <PhotoViewer
        photos={photos}
        title={p.title}
        opened={viewer.opened}
        start={viewer.start}
        failed={failed}
        onFail={onFail}
        onClose={(i) => { setViewer({ opened: false, start: i }); embla.current?.scrollTo(i, true); }}
      />
    </div>
  );
}
