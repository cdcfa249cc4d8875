import { Container, Group, Text } from '@mantine/core';
import { SITE_MESSAGES as M } from '@nj/contracts/sites/messages';
import type { TSite } from '@nj/contracts/sites/schemas';
import { PoweredBy } from './PoweredBy.tsx';

/**
 * The footer of a branded site (spec 03 §2 'Branded sites'; spec 01 §2 'Association sites'; issue 15): in the
 * site's secondary colour with its text colour, the site's page name and, when the site is not private, 'Powered by'
 * the product (a new tab). The product's own pages, help and legal links are not listed on a branded site.
 */
export function SiteFooter({ site }: { site: TSite }) {
  const tone = site.text_on_secondary;
  return (
    <footer className="nj-footer nj-site-footer" style={{ background: site.color_secondary, color: tone }}>
      <Container size="lg" py="lg">
        <nav aria-label={M.siteNavigation}>
          <Group justify="space-between" gap="md">
            <Text size="sm" fw={600} style={{ color: tone }}>{site.custom_page_name || site.name}</Text>
            {site.is_private ? null : <PoweredBy tone={tone} />}
          </Group>
        </nav>
      </Container>
    </footer>
  );
}
