import { DEDUP_MESSAGES as M } from '@nj/contracts/dedup/messages';
import type { TAlsoOn } from '@nj/contracts/dedup/schemas';
import { onePerSource } from './also-on.ts';
import './also-on.css';

/**
 * 'También en…' (issue 16; decision 034): the other listings of the same home, each named by its source
 * (Inmuebles24, EasyBroker, KW, Propietario…) and linking to its page here (the source's own page is linked on that
 * page when known); a source with several copies is named once (its first listing). Shown on a group's one card in search and on the listing page (where the owner sees the
 * grouping). Renders nothing without others.
 */
export function AlsoOn({ others, size = 'card' }: { others: readonly TAlsoOn[] | undefined; size?: 'card' | 'page' }) {
  if (!others?.length) return null;
  return (
    <p className={`nj-also-on nj-also-on-${size}`} data-testid="also-on">
      <span>{size === 'page' ? `${M.alsoOnLabel}: ` : `${M.alsoOn} `}</span>
      {onePerSource(others).map((o, i) => (
        <span key={o.puid}>
          {i > 0 ? ', ' : null}
          <a href={`/propiedades/${o.slug}`} className="nj-also-on-link">{o.source_name}</a>
          {size === 'page' && o.source_url ? (
            <> (<a href={o.source_url} target="_blank" rel="noopener nofollow" className="nj-also-on-link">{new URL(o.source_url).hostname}</a>)</>
          ) : null}
        </span>
      ))}
    </p>
  );
}
