import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { RENT_INVENTORY_MESSAGES as M } from '@nj/contracts/rent-inventory/messages';

/** Steps in which the rent's review links to the inventory (spec 03 §2: on_accepted_offer and on_contract_sign). */
const LINKED_STEPS = new Set(['on_accepted_offer', 'on_contract_sign']);

/**
 * 'Ver inventario de la propiedad' to /my-rent-inventory/{ruid}, shown in the rent's review (renter's proposal
 * summary and final review, owner's view) when the step is on_accepted_offer or on_contract_sign; nothing otherwise.
 */
export function InventoryLink({ ruid, step }: { ruid: string; step: string }) {
  if (!LINKED_STEPS.has(step)) return null;
  return (
    <Button component={Link} to={`/my-rent-inventory/${encodeURIComponent(ruid)}`} variant="light" data-testid="inventory-link" style={{ alignSelf: 'flex-start' }}>
      {M.openInventory}
    </Button>
  );
}
