import { Anchor, VisuallyHidden } from '@mantine/core';
import { SITE_MESSAGES as M } from '@nj/contracts/sites/messages';
import { Logo } from '../layout/Logo.tsx';
import { useProductOrigin } from './use-site.ts';

/**
 * 'Powered by' and the product's logo, linking to the product's own site in a new tab (spec 01 §2 'Association
 * sites': shown when the site is not private; links to the main product open in a new tab). `tone` is the colour
 * of the words (the text colour on the surface it sits on).
 */
export function PoweredBy({ tone }: { tone: string }) {
  const origin = useProductOrigin();
  return (
    <Anchor href={`${origin}/`} target="_blank" rel="noopener" underline="never"
      className="nj-powered-by" style={{ color: tone }} data-testid="powered-by">
      <span className="nj-powered-by-words">{M.poweredBy}</span>{' '}
      <span className="nj-powered-by-logo"><Logo /></span>
      <VisuallyHidden>{M.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}
