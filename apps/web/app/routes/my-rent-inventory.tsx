import { RENT_INVENTORY_MESSAGES } from '@nj/contracts/rent-inventory/messages';
import { InventoryPage } from '../modules/inventory/InventoryPage.tsx';

/** /my-rent-inventory/{ruid} (spec 03 §2): a rent's move-in and move-out inventories; personal, never indexed. */
export const meta = () => [{ title: RENT_INVENTORY_MESSAGES.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function MyRentInventoryRoute() {
  return <InventoryPage />;
}
