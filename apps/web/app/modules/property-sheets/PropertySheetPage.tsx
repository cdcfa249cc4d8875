import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group } from '@mantine/core';
import { PROPERTY_MESSAGES as P } from '@nj/contracts/catalogue/messages';
import { PROPERTY_SHEET_MESSAGES as M } from '@nj/contracts/property-sheets/messages';
import type { SheetContent } from './sheet-content.ts';
import './property-sheet.css';

/** Photos shown on the page (the PDF draws fewer). */
const PAGE_PHOTOS = 7;

/** The sharer's block of the header: photo, name, role or agency, verified phone as a tel: link. */
function SharerBlock({ content }: { content: SheetContent }) {
  const s = content.sharer;
  if (s.kind === 'neutral') {
    return (
      <div className="nj-sheet-sharer">
        <p className="nj-sheet-eyebrow">{M.eyebrow}</p>
        {s.name ? <p className="nj-sheet-sharer-line">{M.sharedBy}: <strong>{s.name}</strong></p> : null}
      </div>
    );
  }
  const who = s.name ?? M.agentRole;
  return (
    <div className="nj-sheet-sharer">
      {s.photo ? <img className="nj-sheet-avatar" src={s.photo} alt={M.photoOfPerson(who)} width={56} height={56} /> : null}
      <div>
        <p className="nj-sheet-agency">{s.agency?.name ?? who}</p>
        <p className="nj-sheet-sharer-line">
          {s.agency ? <span>{who}</span> : <span>{M.agentRole}</span>}
          {s.phone && s.phone_e164 ? (
            <>
              {' · '}
              <a href={`tel:${s.phone_e164}`} aria-label={M.callAgent(who)} data-testid="sheet-phone">{M.phone}: {s.phone}</a>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/**
 * /ficha/{puid}/{cuid} (issue 16): a one-page property sheet to send a client — the sharer's header (an agent's or
 * agency's name, logo and colours; a neutral header with the name for anyone else), the listing's title, prices, photos,
 * facts, amenities, description, location picture and a QR code to the listing, with 'Descargar PDF', 'Imprimir' and
 * 'Ver la publicación'. Printing hides the buttons and keeps the layout on paper.
 */
export function PropertySheetPage({ content, qrSvg, pdfPath }: { content: SheetContent; qrSvg: string; pdfPath: string }) {
  const s = content.sharer;
  const colors = s.kind === 'branded'
    ? { '--sheet-primary': s.colors.primary, '--sheet-on-primary': s.colors.onPrimary } as CSSProperties
    : undefined;
  const cover = content.photos[0];
  const more = content.photoCards.slice(1, PAGE_PHOTOS);
  return (
    <div className={`nj-sheet ${s.kind === 'branded' ? 'nj-sheet--branded' : 'nj-sheet--neutral'}`} style={colors} data-testid="property-sheet" data-kind={s.kind}>
      <header className="nj-sheet-band">
        <div className="nj-sheet-band-inner">
          <SharerBlock content={content} />
          {s.kind === 'branded' && s.agency?.logo ? (
            <img className="nj-sheet-logo" src={s.agency.logo} alt={M.logoOf(s.agency.name)} height={56} />
          ) : null}
        </div>
      </header>
      <main className="nj-sheet-main">
        <Group className="nj-sheet-actions" gap="sm">
          <Button component="a" href={pdfPath} target="_blank" rel="noopener" data-testid="sheet-pdf">{M.downloadPdf}</Button>
          <Button variant="default" onClick={() => window.print()}>{M.print}</Button>
          <Button component="a" href={content.listingUrl} variant="subtle">{M.viewOnline}</Button>
        </Group>
        <h1 className="nj-sheet-title">{content.title}</h1>
        <p className="nj-sheet-place">
          {content.place ? <>{content.place} · </> : null}{P.propertyNumberLabel}: {content.code}
        </p>
        <ul className="nj-sheet-prices">
          {content.prices.map((p) => <li key={p}>{p}</li>)}
        </ul>
        {cover ? (
          <div className="nj-sheet-photos">
            <img className="nj-sheet-cover" src={cover} alt={M.photoOf(1)} />
            {more.length ? (
              <div className="nj-sheet-thumbs">
                {more.map((src, i) => <img key={src} src={src} alt={M.photoOf(i + 2)} loading="lazy" />)}
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="nj-sheet-columns">
          <div>
            {content.facts.length ? (
              <section aria-labelledby="sheet-facts">
                <h2 id="sheet-facts">{P.features}</h2>
                <dl className="nj-sheet-facts">
                  {content.facts.map((f) => (
                    <div key={f.label}><dt>{f.label}</dt><dd>{f.value}</dd></div>
                  ))}
                </dl>
              </section>
            ) : null}
            {content.amenities.length ? (
              <section aria-labelledby="sheet-amenities">
                <h2 id="sheet-amenities">{P.amenities}</h2>
                <ul className="nj-sheet-amenities">{content.amenities.map((a) => <li key={a}>{a}</li>)}</ul>
              </section>
            ) : null}
            {content.description ? (
              <section aria-labelledby="sheet-description">
                <h2 id="sheet-description">{P.description}</h2>
                <p className="nj-sheet-description">{content.description}</p>
              </section>
            ) : null}
          </div>
          <section aria-labelledby="sheet-location" className="nj-sheet-aside">
            <h2 id="sheet-location">{P.location}</h2>
            <img className="nj-sheet-map" src={`/api/v1/properties/${encodeURIComponent(content.puid)}/location.svg`} alt={P.mapOf(content.place)} width={400} height={300} />
            <div className="nj-sheet-qr-row">
              {/* The QR code is our own SVG (qrcode library), not user input. */}
              <div className="nj-sheet-qr" role="img" aria-label={M.qrAlt} dangerouslySetInnerHTML={{ __html: qrSvg }} />
              <div>
                <p className="nj-sheet-qr-caption">{M.qrCaption}</p>
                <Anchor href={content.listingUrl} className="nj-sheet-url" size="sm">{content.listingUrl}</Anchor>
              </div>
            </div>
          </section>
        </div>
        <p className="nj-sheet-disclaimer">{M.disclaimer}</p>
      </main>
      <footer className="nj-sheet-footer">
        <Anchor component={Link} to="/" size="sm">{M.generatedBy}</Anchor>
      </footer>
    </div>
  );
}
