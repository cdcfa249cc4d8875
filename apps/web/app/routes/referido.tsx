import type { Route } from './+types/referido';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { Footer } from '../modules/layout/Footer.tsx';
import { ReferralLanding, useReferralClaim } from '../modules/accounts/pages.tsx';
import { REFERRALS_MESSAGES as M } from '@nj/contracts/referrals/messages';

export const meta = () => [{ title: M.landingTitle }, { name: 'robots', content: 'noindex' }];

/** /referido/{id} — referral landing with the 'Recibir mis $10 dólares' navigation variant (spec 01 §2, 02 §2). */
export default function ReferidoRoute({ params }: Route.ComponentProps) {
  const { claim, joined } = useReferralClaim(params.id);
  return (
    <>
      <NavBar variant="referrer" onReferralClaim={claim} />
      <main><ReferralLanding id={params.id} claim={claim} joined={joined} /></main>
      <Footer />
    </>
  );
}
